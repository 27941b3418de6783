import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../features/common/placeholder-page.tsx';

export const Route = createFileRoute('/sysMsg')({
  component: () => <PlaceholderPage title="系统消息" />,
});
