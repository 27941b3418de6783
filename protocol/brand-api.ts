/**
 * Paths and wire types of the group area (/group and /groupDetail). Conventions as in api.ts: every
 * call is POST with a JSON body; lists are Page<T> with page (1-based) and pageSize (1..50). The
 * wire types are the contracts in contracts/brand.ts, re-exported here.
 *
 * The four tabs of /group map onto the spec's three calls by a `type`:
 * 泡泡 (bubble) and 资讯 (news) are brand/information, 商务 (business) and 服务 (service) are
 * brand/offering, and brand/recruitment (calls for creators and volunteers) is a section of 商务.
 */
export const BRAND_API = {
  /** Short community updates (type bubble) or news articles (type news), newest first. */
  information: '/api/app/brand/information',
  /** Business offerings (type business) or services (type service), newest first. */
  offering: '/api/app/brand/offering',
  /** Calls for creators and volunteers, newest first. */
  recruitment: '/api/app/brand/recruitment',
  /** Ours: one item of any type with its whole text (/groupDetail?id=). */
  detail: '/api/app/brand/detail',
} as const;

/** What brand/information lists. */
export const BRAND_INFORMATION_TYPES = ['bubble', 'news'] as const;
/** What brand/offering lists. */
export const BRAND_OFFERING_TYPES = ['business', 'service'] as const;
/** Every type of item the group area holds. */
export const BRAND_TYPES = [...BRAND_INFORMATION_TYPES, ...BRAND_OFFERING_TYPES, 'recruitment'] as const;

export type BrandInformationType = (typeof BRAND_INFORMATION_TYPES)[number];
export type BrandOfferingType = (typeof BRAND_OFFERING_TYPES)[number];
export type BrandType = (typeof BRAND_TYPES)[number];

export type { BrandDetail, BrandInformationBody, BrandItem, BrandOfferingBody, BrandRecruitmentBody } from './contracts/brand.ts';
