import { createFileRoute } from '@tanstack/react-router';
import { MinePage } from '../features/auth/mine-page.tsx';

export const Route = createFileRoute('/mine')({
  component: MinePage,
});
