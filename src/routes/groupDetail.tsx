import { createFileRoute } from '@tanstack/react-router';
import { idPage } from '../components/id-route.tsx';
import { GroupDetailPage, GroupNotFound } from '../features/group/group-detail-page.tsx';
import { numberSearch } from '../lib/search-params.ts';

export const Route = createFileRoute('/groupDetail')({ validateSearch: numberSearch('id'), component: idPage(GroupDetailPage, GroupNotFound) });
