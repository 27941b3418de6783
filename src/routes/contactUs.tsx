import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../features/common/placeholder-page.tsx';

export const Route = createFileRoute('/contactUs')({
  component: () => <PlaceholderPage page="contactUs" />,
});
