import type { BrandType } from '../../../protocol/brand-api.ts';

/** The tabs of /group (?type=), in the spec's order: 泡泡, 商务, 资讯, 服务. */
export const GROUP_TABS = ['bubble', 'business', 'news', 'service'] as const;

export type GroupTab = (typeof GROUP_TABS)[number];

/** The tab a ?type= names; anything else is the first tab. */
export function groupTabOf(value: unknown): GroupTab {
  return GROUP_TABS.find((tab) => tab === value) ?? 'bubble';
}

/** The tab an item of `type` is listed in: recruitment calls are a section of 商务. */
export function tabOfType(type: BrandType): GroupTab {
  return type === 'recruitment' ? 'business' : type;
}
