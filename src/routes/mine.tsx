import { createFileRoute } from '@tanstack/react-router';
import { MinePage } from '../features/member/mine-page.tsx';

export const Route = createFileRoute('/mine')({
  component: MinePage,
});
