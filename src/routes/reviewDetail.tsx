import { createFileRoute } from '@tanstack/react-router';
import { idPage } from '../components/id-route.tsx';
import { ReviewNotFound, ReviewDetailPage } from '../features/reviews/review-detail-page.tsx';
import { numberSearch } from '../lib/search-params.ts';

export const Route = createFileRoute('/reviewDetail')({ validateSearch: numberSearch('id'), component: idPage(ReviewDetailPage, ReviewNotFound) });
