/**
 * Contracts of the group area (/group, /groupDetail): brand/information, brand/offering,
 * brand/recruitment and our brand/detail. Every call is POST with a JSON body; lists are Page<T>.
 */
import { Type, type Static } from 'typebox';
import { BRAND_INFORMATION_TYPES, BRAND_OFFERING_TYPES, BRAND_TYPES } from '../brand-api.ts';
import { DateTime, Nullable, PageBody, Picture } from './common.ts';

/** Bodies are closed: an unknown field is bad input. */
const body = <P extends Parameters<typeof Type.Object>[0]>(properties: P) => Type.Object(properties, { additionalProperties: false });
const paged = PageBody.properties;

/** brand/information: a page of community updates (bubble) or news articles (news). */
export const BrandInformationBody = body({
  ...paged,
  type: Type.Enum([...BRAND_INFORMATION_TYPES], { description: 'bubble: short updates from the groups (泡泡); news: articles (资讯)' }),
});
export type BrandInformationBody = Static<typeof BrandInformationBody>;

/** brand/offering: a page of business offerings (business) or services (service). */
export const BrandOfferingBody = body({
  ...paged,
  type: Type.Enum([...BRAND_OFFERING_TYPES], {
    description: 'business: partnerships and sponsorships (商务); service: what the groups and the app offer members (服务)',
  }),
});
export type BrandOfferingBody = Static<typeof BrandOfferingBody>;

/** brand/recruitment: a page of calls for creators and volunteers. */
export const BrandRecruitmentBody = body(paged);
export type BrandRecruitmentBody = Static<typeof BrandRecruitmentBody>;

/** One item of the group area in a list. */
export const BrandItem = Type.Object({
  id: Type.Integer(),
  type: Type.Enum([...BRAND_TYPES]),
  title: Type.String(),
  summary: Type.String({ description: 'plain text, a sentence or two; never HTML' }),
  source: Type.String({ description: 'who posts or offers it: a group, a team or the app' }),
  ...Picture('cover'),
  publishedAt: DateTime,
  endsAt: Nullable(Type.String({ format: 'date-time', description: 'recruitment: when applications close; null for other types and open-ended calls' })),
});
export type BrandItem = Static<typeof BrandItem>;

/** brand/detail: an item with its whole text. */
export const BrandDetail = Type.Object({
  ...BrandItem.properties,
  body: Type.String({ description: 'plain text, paragraphs separated by blank lines; never HTML' }),
});
export type BrandDetail = Static<typeof BrandDetail>;
