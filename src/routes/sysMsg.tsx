import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../features/common/placeholder-page.tsx';

export const Route = createFileRoute('/sysMsg')({
  component: () => <PlaceholderPage page="sysMsg" />,
});
