import { lazy, type RefObject, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiError, isUnknownId } from '../../lib/api-client.ts';
import { useAppNavigate, useGoBack } from '../../lib/navigation.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { Screen } from '../../components/screen.tsx';
import { Link } from '@tanstack/react-router';
import { firstUrlOf, useConfig } from '../../stores/config-store.ts';
import { usePopularVideos, useVideoDetail } from './api/video-detail.ts';
import { posterHintFor } from './poster-hint.ts';
import { MaskedImage } from '../../components/ui/masked-image.tsx';
import { ImagesWait } from '../../lib/images-wait.ts';
import { RecommendList } from './components/recommend-list.tsx';
import { SelectedReviews } from './components/selected-reviews.tsx';
import { VideoCredits } from './components/video-credits.tsx';
import { VideoInfo } from './components/video-info.tsx';
import { FULLSCREEN_HOST, HdPlayer } from './player/hd-player.tsx';
import { libraryWaitsForPoster, loadShaka } from './player/load-shaka.ts';
import { databaseMayExist } from '../../lib/database-exists.ts';
import { DB_NAME, getDb } from '../../lib/db.ts';
import { useProgressive } from '../../lib/use-progressive.ts';
import { readResumePosition, readWatchRecord, saveWatchRecord } from '../../lib/watch-records.ts';
import styles from './video-page.module.css';
import hidden from '../../components/ui/visually-hidden.module.css';
import { useTranslation } from '../../i18n/index.ts';
import button from '../../components/ui/button.module.css';

// The player's library and the local database (the resume position decides where the stream
// starts) travel while the session and the video's detail are fetched, instead of after them; on a
// phone's first visit the library waits for the poster instead (libraryWaitsForPoster). A device
// without the database has no position to resume: the first save creates it, after the first frame.
if (!libraryWaitsForPoster()) void loadShaka().catch(() => undefined);
void databaseMayExist(DB_NAME)
  .then((exists) => (exists ? getDb() : undefined))
  .catch(() => undefined);

// 影评 and the comments come after the first frame (useFirstFrameOrLater), and so does their code.
const VideoDiscussion = lazy(() => import('./components/video-discussion.tsx'));

export interface VideoPageProps {
  id: number;
}

/** From this width the recommendations stand beside the player, which keeps at least 60% of the row. */
const BESIDE_QUERY = '(min-width: 1000px)';

function subscribeBeside(onChange: () => void): () => void {
  const query = matchMedia(BESIDE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Narrower than BESIDE_QUERY (phones included): one column, the recommendations under the video's
 * details and before its reviews and comments, which load later and grow as they page: what is below
 * them would move (layout shift), and on a phone would be out of reach behind an endless list.
 */
function useRecommendationsInline(): boolean {
  return !useSyncExternalStore(subscribeBeside, () => matchMedia(BESIDE_QUERY).matches);
}

/**
 * The video route: a page per video (its state starts afresh with each id) inside a host that goes
 * fullscreen in the player's place, so the next video, opened at the end of one, stays fullscreen.
 */
export function VideoScreen({ id }: VideoPageProps) {
  return (
    <div className={styles.host} {...{ [FULLSCREEN_HOST]: '' }} data-testid="player-host">
      <VideoPage key={id} id={id} />
    </div>
  );
}

function VideoPage({ id }: VideoPageProps) {
  const { t } = useTranslation();
  const inline = useRecommendationsInline();
  const query = useVideoDetail(id);
  const detail = query.data;
  // The player and the title come with the answer; credits, reviews, comments and the
  // recommendations follow in a transition, so the poster's request is not held behind them.
  const all = useProgressive(detail !== undefined);
  // Read reactively: the stream URL is only known once the app config (config.domain) has arrived.
  const domain = useConfig()?.domain;
  const streamBase = firstUrlOf(domain, 'VIDEO');
  const imageBase = firstUrlOf(domain, 'IMAGE');
  const posterHint = posterHintFor(id);
  useDocumentTitle(detail?.title);

  // The resume position's record is read while the detail is on its way; a later load (a retry)
  // reads it again, since playing here has moved it.
  const storedRecord = useMemo(() => readWatchRecord(id), [id]);
  const storedRecordUsed = useRef(false);
  const resolveStartTime = useCallback(() => {
    if (!detail) return Promise.resolve(null);
    const stored = storedRecordUsed.current ? undefined : storedRecord;
    storedRecordUsed.current = true;
    return readResumePosition(detail, stored);
  }, [detail, storedRecord]);
  const savePosition = useCallback(
    (position: number, duration: number) => {
      if (detail) void saveWatchRecord(detail, position, duration);
    },
    [detail],
  );
  // The end screen's next video: the first recommendation, opened as a new page so back returns here.
  const navigate = useAppNavigate();
  const upNext = detail?.recommend[0] ?? null;
  const playNext = useCallback(() => {
    if (upNext) navigate('/videoDetails', { id: upNext.id });
  }, [navigate, upNext]);

  // The member sections that ask the server for more (reviews, comments) wait for the first frame
  // (or a second), so their requests and rendering do not stand between the page and the picture; a
  // detail already there on mount draws whole at once, as useProgressive does (a page coming back,
  // but also a first visit, whose route loader waited for the detail).
  const playerSlot = useRef<HTMLElement>(null);
  // The page's images (but its poster) wait for the first frame even when the detail was there on
  // mount, as it is on a first visit (the route's loader waited for it): those already unmasked show.
  const imagesMayLoad = useFirstFrameOrLater(playerSlot, detail !== undefined);
  const [detailOnMount] = useState(detail !== undefined);
  const afterFirstFrame = detailOnMount || imagesMayLoad;

  const recommendations = detail && all ? <RecommendList videos={detail.recommend} listClassName={styles.recommendList} /> : null;

  if (query.isError && isUnknownId(query.error)) return <VideoNotFound />;
  if (query.isError) {
    return (
      <main className={styles.page} data-testid="video-page-error">
        <h1 className={hidden.visuallyHidden}>{t('video.loadFailed')}</h1>
        <EmptyState
          title={t('video.loadFailed')}
          description={query.error instanceof ApiError ? query.error.tip : t('errors.default')}
          action={
            <button type="button" className={`${button.pill} ${styles.retry}`} onClick={() => void query.refetch()}>
              {t('common.retry')}
            </button>
          }
        />
      </main>
    );
  }

  return (
    // Until the first frame (or FIRST_FRAME_WAIT_MS) only the poster of the page's images loads: the
    // covers, avatars and stills would take the connections the player's first requests need.
    <ImagesWait.Provider value={!imagesMayLoad}>
      <div className={styles.page} data-testid="video-page" data-video-id={id}>
        <main className={styles.main}>
          <section ref={playerSlot} className={styles.playerSlot} aria-label={t('a11y.player')}>
            <PlayerBack />
            {detail && streamBase ? (
              <HdPlayer
                src={`${streamBase}/${detail.stream}`}
                poster={{ path: detail.poster || detail.cover, width: detail.coverWidth || 1280, height: detail.coverHeight || 720 }}
                title={detail.title}
                thumbnails={detail.thumbnails}
                resolveStartTime={resolveStartTime}
                onSavePosition={savePosition}
                upNext={upNext}
                onPlayNext={playNext}
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
          </section>
          {detail ? (
            <>
              <VideoInfo video={detail} download={streamBase && imageBase ? { manifestUrl: `${streamBase}/${detail.stream}`, imageBase } : undefined} />
              {all ? (
                <>
                  <VideoCredits actresses={detail.actresses ?? []} tags={detail.tagList ?? []} />
                  <SelectedReviews reviews={detail.reviews ?? []} />
                  {inline ? <div className={styles.inlineSide}>{recommendations}</div> : null}
                  {afterFirstFrame ? (
                    <Suspense fallback={null}>
                      <VideoDiscussion id={detail.id} title={detail.title} commentCount={detail.commentCount} />
                    </Suspense>
                  ) : null}
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
        </main>
        {inline ? null : <aside className={styles.side}>{recommendations}</aside>}
      </div>
    </ImagesWait.Provider>
  );
}

/** How long the sections under the player wait for its first frame before they load all the same. */
const FIRST_FRAME_WAIT_MS = 1000;

/**
 * True once the player inside `slot` has decoded its first frame, or FIRST_FRAME_WAIT_MS after
 * `started` (a failed or blocked stream must not hold the rest of the page back).
 */
function useFirstFrameOrLater(slot: RefObject<HTMLElement | null>, started: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const element = slot.current;
    if (!started || ready || !element) return;
    const done = () => setReady(true);
    // Media events do not bubble; the slot hears its video's in the capture phase.
    element.addEventListener('loadeddata', done, true);
    const timer = setTimeout(done, FIRST_FRAME_WAIT_MS);
    return () => {
      element.removeEventListener('loadeddata', done, true);
      clearTimeout(timer);
    };
  }, [slot, started, ready]);
  return ready;
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
