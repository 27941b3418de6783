import { useProgressive } from '../../../lib/use-progressive.ts';
import type { Advertise, VideoItem } from '../../../../protocol/api.ts';
import { ListFooter } from '../../../components/list-footer.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { openContent, useAppNavigate } from '../../../lib/navigation.ts';
import { VIDEO_LIST_PAGE_SIZE, useVideoList, videoPagesOf } from '../api/video-list.ts';
import { withListAds } from '../list-ads.ts';
import { ListAdCard } from './list-ad-card.tsx';
import { VideoCard } from './video-card.tsx';
import styles from './video-grid.module.css';
import { i18n, useTranslation } from '../../../i18n/index.ts';
import grid from '../../../components/ui/grid.module.css';
import button from '../../../components/ui/button.module.css';
import sections from './home-sections.module.css';

const EAGER_CARDS = 4;

function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.tip;
  return i18n.t('errors.default');
}

/** Cards drawn with the first answer; the rest follow in a transition (lib/use-progressive.ts). */
const FIRST_CARDS = 4;

export function VideoGrid({ categoryId, ads = [] }: { categoryId: number; ads?: readonly Advertise[] }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const query = useVideoList(categoryId);
  // The list sits below the sections: its first cards draw with the answer, the rest a moment later.
  const all = useProgressive(query.data !== undefined);

  const openVideo = (video: VideoItem) => openContent(video, navigate);

  if (query.isPending) {
    return (
      <div className={`${grid.grid} ${sections.cardGrid} ${styles.grid}`} aria-busy="true" aria-label={t('common.loading')} data-testid="video-grid-loading">
        {Array.from({ length: 10 }, (_, index) => (
          <div key={index} className={sections.cardSkeleton}>
            <Skeleton className={sections.thumbSkeleton} />
            <Skeleton className={sections.lineSkeleton} />
            <Skeleton className={sections.lineShortSkeleton} />
          </div>
        ))}
      </div>
    );
  }

  if (query.isError) {
    return (
      <div data-testid="video-grid-error">
        <EmptyState
          title={t('common.loadFailed')}
          description={errorMessage(query.error)}
          action={
            <button type="button" className={`${button.pill} ${styles.retry}`} onClick={() => void query.refetch()}>
              {t('common.retry')}
            </button>
          }
        />
      </div>
    );
  }

  const items = withListAds(videoPagesOf(query.data.pages), ads);
  if (items.length === 0) {
    return (
      <div data-testid="video-grid-empty">
        <EmptyState title={t('home.noVideos')} description={t('home.noVideosHint')} />
      </div>
    );
  }

  return (
    <section aria-label={t('home.videoList')}>
      <div className={`${grid.grid} ${sections.cardGrid} ${styles.grid}`} data-testid="video-grid">
        {(all ? items : items.slice(0, FIRST_CARDS)).map((entry, index) =>
          entry.type === 'adv' ? (
            <ListAdCard key={entry.key} entry={entry} index={index} navigate={navigate} />
          ) : (
            <VideoCard key={entry.video.id} video={entry.video} onOpen={openVideo} eager={index < EAGER_CARDS} />
          ),
        )}
        {query.isFetchingNextPage &&
          Array.from({ length: Math.min(VIDEO_LIST_PAGE_SIZE, 5) }, (_, index) => (
            <div key={`more-${index}`} className={sections.cardSkeleton} aria-hidden="true">
              <Skeleton className={sections.thumbSkeleton} />
              <Skeleton className={sections.lineSkeleton} />
            </div>
          ))}
      </div>
      {/* The footer waits for the whole first page: under four cards it would sit in view and
          fetch every page before the rest of the first one had drawn. */}
      {all && <ListFooter query={query} />}
    </section>
  );
}
