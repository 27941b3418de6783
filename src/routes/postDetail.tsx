import { createFileRoute } from '@tanstack/react-router';
import { idPage } from '../components/id-route.tsx';
import { PostNotFound, PostDetailPage } from '../features/posts/post-detail-page.tsx';
import { numberSearch } from '../lib/search-params.ts';

export const Route = createFileRoute('/postDetail')({ validateSearch: numberSearch('id'), component: idPage(PostDetailPage, PostNotFound) });
