import { createFileRoute } from '@tanstack/react-router';
import { PublishPage } from '../features/posts/publish-page.tsx';

export const Route = createFileRoute('/post')({
  component: PublishPage,
});
