import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useSnapshot } from 'valtio';
import { MaskedImage } from '../../../components/ui/masked-image.tsx';
import { formatDuration } from '../../../lib/format.ts';
import { listen } from '../../../lib/listen.ts';
import { appStore } from '../../../stores/app-store.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { COUNTDOWN_TICK_MS, UP_NEXT_SECONDS, secondsLeft, startsCountdown } from './end-countdown.ts';
import { PlayIcon, ReplayIcon } from './player-icons.tsx';
import styles from './end-screen.module.css';

/** The video the end screen offers next: the video page's first recommendation. */
export interface UpNext {
  id: number;
  title: string;
  cover: string;
  coverWidth: number;
  coverHeight: number;
  duration: number;
}

export interface EndScreenProps {
  next: UpNext | null;
  onReplay: () => void;
  onPlayNext: () => void;
  /** Focus moves to the end screen (it was in the player, or nowhere): never taken from a field elsewhere on the page. */
  takeFocus: boolean;
}

/**
 * What the player shows when a video ends: 重播, the next video with its cover and title, and, with
 * 自动连播 on (remembered in the app store), a 5-second countdown that plays it. 取消, Escape, hiding
 * the page or turning 自动连播 off stop the countdown; seeking back or replaying removes the screen.
 */
export function EndScreen({ next, onReplay, onPlayNext, takeFocus }: EndScreenProps) {
  const { t } = useTranslation();
  const { autoplayNext } = useSnapshot(appStore);
  const [deadline, setDeadline] = useState<number | null>(() =>
    startsCountdown({ hasNext: next !== null, autoplay: appStore.autoplayNext, hidden: document.hidden }) ? Date.now() + UP_NEXT_SECONDS * 1000 : null,
  );
  const [left, setLeft] = useState(UP_NEXT_SECONDS);
  const replayRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const playNext = useRef(onPlayNext);
  useLayoutEffect(() => {
    playNext.current = onPlayNext;
  });
  const counting = deadline !== null;

  useEffect(() => {
    if (deadline === null) return;
    let done = false;
    const tick = () => {
      const n = secondsLeft(deadline, Date.now());
      setLeft(n);
      if (n === 0 && !done) {
        done = true;
        playNext.current();
      }
    };
    tick();
    const timer = setInterval(tick, COUNTDOWN_TICK_MS);
    const unlisten = listen(document, {
      visibilitychange: () => {
        if (document.hidden) setDeadline(null);
      },
    });
    return () => {
      clearInterval(timer);
      unlisten();
    };
  }, [deadline]);

  useEffect(() => {
    if (takeFocus) (cancelRef.current ?? replayRef.current)?.focus({ preventScroll: true });
    // Once, as the screen appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const cancel = () => {
    const hadFocus = document.activeElement === cancelRef.current;
    setDeadline(null);
    // The 取消 button goes with the countdown: its focus moves to 重播, not to the page's start.
    if (hadFocus) replayRef.current?.focus({ preventScroll: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !counting) return;
    event.preventDefault();
    event.stopPropagation();
    cancel();
  };

  const toggleAutoplay = () => {
    appStore.autoplayNext = !autoplayNext;
    if (autoplayNext) cancel();
  };

  const openNext = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified click opens the link as the browser does (a new tab or window).
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onPlayNext();
  };

  return (
    <div className={styles.endScreen} role="group" aria-label={t('endScreen.region')} data-testid="end-screen" data-counting={counting} onKeyDown={onKeyDown}>
      {next && (
        <div className={styles.next}>
          <p className={styles.label}>{t('endScreen.upNext')}</p>
          <a className={styles.card} href={`/videoDetails?id=${next.id}`} onClick={openNext} data-testid="end-screen-next" data-video-id={next.id}>
            <span className={styles.cover}>
              <MaskedImage
                path={next.cover}
                width={next.coverWidth || 640}
                height={next.coverHeight || 360}
                alt=""
                className={styles.coverImage}
                sizes="(min-width: 825px) 240px, 128px"
                loading="eager"
              />
              {counting ? (
                <svg className={styles.ring} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
                  <circle className={styles.ringTrack} cx="24" cy="24" r="20" />
                  <circle className={styles.ringLeft} cx="24" cy="24" r="20" style={{ animationDuration: `${UP_NEXT_SECONDS}s` }} />
                </svg>
              ) : (
                <span className={styles.playBadge} aria-hidden="true">
                  <PlayIcon />
                </span>
              )}
              <span className={styles.duration}>{formatDuration(next.duration)}</span>
            </span>
            <span className={styles.text}>
              <span className={styles.title}>{next.title}</span>
              <span className={styles.when} data-testid="end-screen-countdown">
                {counting ? t('endScreen.countdown', { n: left }) : t('endScreen.playNow')}
              </span>
            </span>
          </a>
        </div>
      )}
      <div className={styles.actions}>
        <button ref={replayRef} type="button" className={styles.button} onClick={onReplay} data-testid="end-screen-replay">
          <ReplayIcon />
          {t('endScreen.replay')}
        </button>
        {counting && (
          <button ref={cancelRef} type="button" className={styles.button} onClick={cancel} data-testid="end-screen-cancel">
            {t('endScreen.cancel')}
          </button>
        )}
        {next && (
          <button type="button" role="switch" aria-checked={autoplayNext} className={styles.switch} onClick={toggleAutoplay} data-testid="end-screen-autoplay">
            {t('endScreen.autoplay')}
            <span className={styles.switchTrack} aria-hidden="true" />
          </button>
        )}
      </div>
    </div>
  );
}
