import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../features/common/placeholder-page.tsx';

export const Route = createFileRoute('/FAQ')({
  component: () => <PlaceholderPage title="常见问题" />,
});
