import { IdBody } from '../../../protocol/contracts/common.ts';
import { BrandDetail, BrandInformationBody, BrandItem, BrandOfferingBody, BrandRecruitmentBody } from '../../../protocol/contracts/brand.ts';
import { BRAND_API } from '../../../protocol/brand-api.ts';
import type { AppContext } from '../../context.ts';
import { found } from '../../plugins/api-error.ts';
import { endpoints, pageAnswer } from '../endpoint.ts';
import { pageOf } from '../page-result.ts';
import type { ApiInstance } from '../schemas.ts';

/**
 * The group area of /group and /groupDetail, open to every caller: brand/information (泡泡 and 资讯
 * by type), brand/offering (商务 and 服务 by type), brand/recruitment (the calls listed within 商务)
 * and our brand/detail. Texts are plain text, never HTML.
 */
export async function brandRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const brand = endpoints(api, ctx, 'brand');

  brand(
    BRAND_API.information,
    {
      summary: 'Community updates from the groups (type bubble, 泡泡) or news articles (type news, 资讯), newest first',
      body: BrandInformationBody,
      ...pageAnswer(BrandItem, 'BrandItem'),
    },
    ({ body }) => pageOf(body, (offset, size) => ctx.brand.list(body.type, offset, size)),
  );

  brand(
    BRAND_API.offering,
    {
      summary: 'Business offerings: partnerships and sponsorships (type business, 商务), or services for members (type service, 服务), newest first',
      body: BrandOfferingBody,
      ...pageAnswer(BrandItem, 'BrandItem'),
    },
    ({ body }) => pageOf(body, (offset, size) => ctx.brand.list(body.type, offset, size)),
  );

  brand(
    BRAND_API.recruitment,
    {
      summary: 'Calls for creators and volunteers, newest first; endsAt says when applications close (null: open-ended)',
      body: BrandRecruitmentBody,
      ...pageAnswer(BrandItem, 'BrandItem'),
    },
    ({ body }) => pageOf(body, (offset, size) => ctx.brand.list('recruitment', offset, size)),
  );

  brand(
    BRAND_API.detail,
    {
      summary: 'One item of the group area, of any type, with its whole text (plain text, paragraphs separated by blank lines; never HTML)',
      body: IdBody,
      answer: BrandDetail,
      answerName: 'BrandDetail',
    },
    async ({ body }) => found(await ctx.brand.detail(body.id), '内容不存在'),
  );
}
