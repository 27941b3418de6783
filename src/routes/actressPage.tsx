import { createFileRoute } from '@tanstack/react-router';
import { idPage } from '../components/id-route.tsx';
import { ActressNotFound, ActressPage } from '../features/actress/actress-page.tsx';
import { numberSearch } from '../lib/search-params.ts';

export const Route = createFileRoute('/actressPage')({ validateSearch: numberSearch('id'), component: idPage(ActressPage, ActressNotFound) });
