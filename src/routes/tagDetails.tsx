import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../features/common/placeholder-page.tsx';
import { optionalNumber } from '../lib/search-params.ts';

export const Route = createFileRoute('/tagDetails')({
  validateSearch: (search: Record<string, unknown>): { tid?: number; sort?: number; contentType?: number; tagCateId?: number } => ({
    tid: optionalNumber(search.tid),
    sort: optionalNumber(search.sort),
    contentType: optionalNumber(search.contentType),
    tagCateId: optionalNumber(search.tagCateId),
  }),
  component: () => <PlaceholderPage title="标签详情" />,
});
