import { createFileRoute } from '@tanstack/react-router';
import { RestorePage } from '../features/member/restore-page.tsx';

export const Route = createFileRoute('/restore')({
  component: RestorePage,
});
