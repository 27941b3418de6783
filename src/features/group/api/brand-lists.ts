import type { Page } from '../../../../protocol/api.ts';
import { BRAND_API, type BrandInformationType, type BrandItem, type BrandOfferingType } from '../../../../protocol/brand-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { pagedQuery } from '../../../lib/queries.ts';
import { groupKeys } from './group-keys.ts';

/** Items per page of a tab's list: two screens of cards on a phone, so the second page comes on scroll. */
export const GROUP_PAGE_SIZE = 6;
/** Calls per step of the 正在招募 section of 商务, which grows by a button. */
export const RECRUITMENT_PAGE_SIZE = 3;

/** 泡泡 and 资讯 (brand/information by type). */
export const useBrandInformation = pagedQuery({
  key: groupKeys.information,
  fetch: (page: number, type: BrandInformationType) => apiPost<Page<BrandItem>>(BRAND_API.information, { page, pageSize: GROUP_PAGE_SIZE, type }),
});

/** 商务 and 服务 (brand/offering by type). */
export const useBrandOffering = pagedQuery({
  key: groupKeys.offering,
  fetch: (page: number, type: BrandOfferingType) => apiPost<Page<BrandItem>>(BRAND_API.offering, { page, pageSize: GROUP_PAGE_SIZE, type }),
});

/** The calls for creators and volunteers listed within 商务 (brand/recruitment). */
export const useBrandRecruitment = pagedQuery({
  key: groupKeys.recruitment,
  fetch: (page: number) => apiPost<Page<BrandItem>>(BRAND_API.recruitment, { page, pageSize: RECRUITMENT_PAGE_SIZE }),
});
