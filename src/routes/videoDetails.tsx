import { createFileRoute } from '@tanstack/react-router';
import { prefetchVideoDetail } from '../features/video/api/video-detail.ts';
import { prefetchHintedPoster } from '../features/video/poster-hint.ts';
import { VideoNotFound, VideoScreen } from '../features/video/video-page.tsx';
import { isValidId, optionalNumber } from '../lib/search-params.ts';

export const Route = createFileRoute('/videoDetails')({
  // No id (or not a whole number) is the video's own not-found state, without rewriting the address.
  validateSearch: (search: Record<string, unknown>): { id?: number } => {
    const id = optionalNumber(search.id);
    return id === undefined ? {} : { id };
  },
  loaderDeps: ({ search }) => ({ id: search.id }),
  // The poster the HTML named leaves before the detail, which waits for the session.
  loader: ({ context, deps: { id } }) => {
    prefetchHintedPoster(id);
    return prefetchVideoDetail(context.queryClient, id);
  },
  component: VideoRoute,
});

function VideoRoute() {
  const { id } = Route.useSearch();
  if (!isValidId(id)) return <VideoNotFound />;
  return <VideoScreen id={id} />;
}
