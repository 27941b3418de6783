import { createFileRoute } from '@tanstack/react-router';
import { HOME_ID } from '../../protocol/api.ts';
import { HomePage } from '../features/home/home-page.tsx';
import { optionalNumber, optionalString } from '../lib/search-params.ts';

export const Route = createFileRoute('/')({
  validateSearch: (search: Record<string, unknown>): { id?: number; tit?: string } => ({
    id: optionalNumber(search.id),
    tit: optionalString(search.tit),
  }),
  component: HomeRoute,
});

function HomeRoute() {
  const { id, tit } = Route.useSearch();
  return <HomePage categoryId={id ?? HOME_ID} title={tit} />;
}
