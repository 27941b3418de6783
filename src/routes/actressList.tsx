import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../features/common/placeholder-page.tsx';
import { optionalNumber } from '../lib/search-params.ts';

export const Route = createFileRoute('/actressList')({
  validateSearch: (search: Record<string, unknown>): { tid?: number; tagCateId?: number } => ({
    tid: optionalNumber(search.tid),
    tagCateId: optionalNumber(search.tagCateId),
  }),
  component: () => <PlaceholderPage title="演员列表" />,
});
