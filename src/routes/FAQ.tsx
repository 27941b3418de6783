import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../features/common/placeholder-page.tsx';

export const Route = createFileRoute('/FAQ')({
  component: () => <PlaceholderPage page="faq" />,
});
