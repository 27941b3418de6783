import { createFileRoute } from '@tanstack/react-router';
import { ActressNotFound, ActressPage } from '../features/actress/actress-page.tsx';
import { optionalNumber } from '../lib/search-params.ts';

export const Route = createFileRoute('/actressPage')({
  validateSearch: (search: Record<string, unknown>): { id?: number } => ({
    id: optionalNumber(search.id),
  }),
  component: function ActressRoute() {
    const { id } = Route.useSearch();
    if (id === undefined || !Number.isInteger(id) || id <= 0) return <ActressNotFound />;
    return <ActressPage key={id} id={id} />;
  },
});
