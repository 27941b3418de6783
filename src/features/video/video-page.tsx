import { useCallback } from 'react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiError, isUnknownId } from '../../lib/api-client.ts';
import { useGoBack } from '../../lib/navigation.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { Screen } from '../../components/screen.tsx';
import { Link } from '@tanstack/react-router';
import { firstUrlOf, useConfig } from '../../stores/config-store.ts';
import { usePopularVideos, useVideoDetail } from './api/video-detail.ts';
import { posterHintFor } from './poster-hint.ts';
import { isPcWidth, viewportWidth } from '../../stores/layout-store.ts';
import { MaskedImage, prefetchMaskedImage } from '../../components/ui/masked-image.tsx';
import { CommentSection } from '../../components/comments/comment-section.tsx';
import section from './components/video-section.module.css';
import { RecommendList } from './components/recommend-list.tsx';
import { VideoReviews } from './components/video-reviews.tsx';
import { SelectedReviews } from './components/selected-reviews.tsx';
import { VideoCredits } from './components/video-credits.tsx';
import { VideoInfo } from './components/video-info.tsx';
import { HdPlayer } from './player/hd-player.tsx';
import { loadShaka } from './player/load-shaka.ts';
import { getDb } from '../../lib/db.ts';
import { useProgressive } from '../../lib/use-progressive.ts';
import { readResumePosition, saveWatchRecord } from '../../lib/watch-records.ts';
import styles from './video-page.module.css';
import { useTranslation } from '../../i18n/index.ts';
import button from '../../components/ui/button.module.css';

// The player's library and the local database (the resume position decides where the stream
// starts) travel while the session and the video's detail are fetched, instead of after them.
void loadShaka().catch(() => undefined);
void getDb().catch(() => undefined);
prefetchHintedPoster();

/**
 * On a first visit opened on a video, its poster (named by the HTML) is unmasked while the
 * session starts, so the page's largest image is ready when the page first renders. Only the
 * phone layout is predicted: there the player is as wide as the viewport.
 */
function prefetchHintedPoster(): void {
  const id = Number(new URLSearchParams(window.location.search).get('id'));
  const hint = window.location.pathname === '/videoDetails' ? posterHintFor(id) : null;
  const width = viewportWidth();
  if (hint && !isPcWidth(width)) prefetchMaskedImage(hint.base, hint.path, width);
}

export interface VideoPageProps {
  id: number;
}

export function VideoPage({ id }: VideoPageProps) {
  const { t } = useTranslation();
  const query = useVideoDetail(id);
  const detail = query.data;
  // The player and the title come with the answer; credits, reviews, comments and the
  // recommendations follow in a transition, so the poster's request is not held behind them.
  const all = useProgressive(detail !== undefined);
  // Read reactively: the stream URL is only known once the app config (config.domain) has arrived.
  const streamBase = firstUrlOf(useConfig()?.domain, 'VIDEO');
  const posterHint = posterHintFor(id);
  useDocumentTitle(detail?.title);

  const resolveStartTime = useCallback(() => (detail ? readResumePosition(detail) : Promise.resolve(null)), [detail]);
  const savePosition = useCallback(
    (position: number, duration: number) => {
      if (detail) void saveWatchRecord(detail, position, duration);
    },
    [detail],
  );

  if (query.isError && isUnknownId(query.error)) return <VideoNotFound />;
  if (query.isError) {
    return (
      <div className={styles.page} data-testid="video-page-error">
        <EmptyState
          title={t('video.loadFailed')}
          description={query.error instanceof ApiError ? query.error.tip : t('errors.default')}
          action={
            <button type="button" className={`${button.pill} ${styles.retry}`} onClick={() => void query.refetch()}>
              {t('common.retry')}
            </button>
          }
        />
      </div>
    );
  }

  return (
    <div className={styles.page} data-testid="video-page" data-video-id={id}>
      <div className={styles.main}>
        <div className={styles.playerSlot}>
          <PlayerBack />
          {detail && streamBase ? (
            <HdPlayer
              src={`${streamBase}/${detail.stream}`}
              poster={{ path: detail.poster || detail.cover, width: detail.coverWidth || 1280, height: detail.coverHeight || 720 }}
              title={detail.title}
              thumbnails={detail.thumbnails}
              resolveStartTime={resolveStartTime}
              onSavePosition={savePosition}
            />
          ) : posterHint ? (
            // The poster the HTML named, in the player's place until the player comes with the detail.
            <div className={styles.posterHint}>
              <MaskedImage
                base={posterHint.base}
                path={posterHint.path}
                width={posterHint.width}
                height={posterHint.height}
                alt=""
                className={styles.posterHintImage}
                priority
              />
            </div>
          ) : (
            <Skeleton className={styles.playerSkeleton} />
          )}
        </div>
        {detail ? (
          <>
            <VideoInfo video={detail} />
            {all ? (
              <>
                <VideoCredits actresses={detail.actresses ?? []} tags={detail.tagList ?? []} />
                <SelectedReviews reviews={detail.reviews ?? []} />
                <VideoReviews videoId={detail.id} videoTitle={detail.title} />
                <CommentSection
                  contentType={2}
                  id={detail.id}
                  total={detail.commentCount}
                  className={section.section}
                  headClassName={section.head}
                  headingClassName={section.heading}
                  countClassName={section.count}
                />
              </>
            ) : null}
          </>
        ) : (
          <div className={styles.infoSkeleton} aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton className={styles.lineWide} />
            <Skeleton className={styles.lineNarrow} />
            <Skeleton className={styles.block} />
          </div>
        )}
      </div>
      <aside className={styles.side}>{detail && all ? <RecommendList videos={detail.recommend} /> : null}</aside>
    </div>
  );
}

/** Phones: the player fills the top of the screen, so back sits on it (the in-app back, home from a deep link). */
function PlayerBack() {
  const { t } = useTranslation();
  const back = useGoBack();
  return (
    <button type="button" className={styles.playerBack} aria-label={t('app.back')} onClick={back} data-testid="video-back">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="m15 5-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}

/** An unknown or missing id: say so, lead home, and offer what others are watching. */
export function VideoNotFound() {
  const { t } = useTranslation();
  const popular = usePopularVideos();
  return (
    <Screen title={t('video.notFound')} className={styles.notFound} testId="video-not-found">
      <EmptyState
        title={t('video.notFound')}
        description={t('video.notFoundHint')}
        action={
          <Link to="/" className={button.primary}>
            {t('app.backHome')}
          </Link>
        }
      />
      <RecommendList videos={popular.data?.list ?? []} heading={t('video.popular')} />
    </Screen>
  );
}
