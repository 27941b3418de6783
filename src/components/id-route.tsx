import { useSearch } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { isValidId } from '../lib/search-params.ts';

/**
 * The component of a detail route (`?id=`): the page for a valid id, keyed by it so another id is a
 * fresh page, and the page's not-found screen for a missing or malformed one.
 */
export function idPage(Page: ComponentType<{ id: number }>, NotFound: ComponentType) {
  return function IdRoute() {
    const { id } = useSearch({ strict: false }) as { id?: number };
    return isValidId(id) ? <Page key={id} id={id} /> : <NotFound />;
  };
}
