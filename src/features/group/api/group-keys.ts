import type { BrandInformationType, BrandOfferingType } from '../../../../protocol/brand-api.ts';

export const groupKeys = {
  all: ['group'] as const,
  information: (type: BrandInformationType) => [...groupKeys.all, 'information', type] as const,
  offering: (type: BrandOfferingType) => [...groupKeys.all, 'offering', type] as const,
  recruitment: () => [...groupKeys.all, 'recruitment'] as const,
  detail: (id: number) => [...groupKeys.all, 'detail', id] as const,
};
