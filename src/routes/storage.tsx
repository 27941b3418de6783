import { createFileRoute } from '@tanstack/react-router';
import { StoragePage } from '../features/member/storage-page.tsx';

export const Route = createFileRoute('/storage')({
  component: StoragePage,
});
