import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../features/common/placeholder-page.tsx';

export const Route = createFileRoute('/tagList')({
  component: () => <PlaceholderPage title="发现" />,
});
