import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../features/common/placeholder-page.tsx';

export const Route = createFileRoute('/nav/reviews')({
  component: () => <PlaceholderPage title="影评" />,
});
