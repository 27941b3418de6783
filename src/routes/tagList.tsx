import { createFileRoute } from '@tanstack/react-router';
import { TagListPage } from '../features/tags/tag-list-page.tsx';

export const Route = createFileRoute('/tagList')({
  component: TagListPage,
});
