import { createFileRoute } from '@tanstack/react-router';
import { FAQ_KEYWORD_MAX } from '../../protocol/support-api.ts';
import { FaqPage } from '../features/support/faq-page.tsx';
import { isValidId, optionalNumber, optionalString } from '../lib/search-params.ts';

export const Route = createFileRoute('/FAQ')({
  validateSearch: (search: Record<string, unknown>): { cate?: number; q?: string } => ({
    cate: optionalNumber(search.cate),
    q: optionalString(search.q),
  }),
  component: function FaqRoute() {
    const { cate, q } = Route.useSearch();
    return <FaqPage cateId={isValidId(cate) ? cate : undefined} keyword={(q ?? '').trim().slice(0, FAQ_KEYWORD_MAX)} />;
  },
});
