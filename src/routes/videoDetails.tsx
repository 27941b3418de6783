import { createFileRoute, notFound } from '@tanstack/react-router';
import { VideoPage } from '../features/video/video-page.tsx';
import { optionalNumber } from '../lib/search-params.ts';

export const Route = createFileRoute('/videoDetails')({
  validateSearch: (search: Record<string, unknown>): { id: number } => ({ id: optionalNumber(search.id) ?? 0 }),
  beforeLoad: ({ search }) => {
    if (!Number.isInteger(search.id) || search.id <= 0) throw notFound();
  },
  component: VideoRoute,
});

function VideoRoute() {
  const { id } = Route.useSearch();
  return <VideoPage key={id} id={id} />;
}
