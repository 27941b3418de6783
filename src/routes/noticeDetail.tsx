import { createFileRoute } from '@tanstack/react-router';
import { idPage } from '../components/id-route.tsx';
import { NoticeDetailPage, NoticeNotFound } from '../features/member/notice-detail-page.tsx';
import { numberSearch } from '../lib/search-params.ts';

export const Route = createFileRoute('/noticeDetail')({ validateSearch: numberSearch('id'), component: idPage(NoticeDetailPage, NoticeNotFound) });
