import { listen } from '../../../lib/listen.ts';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import type { Thumbnails } from '../../../../protocol/api.ts';
import { useSnapshot } from 'valtio';
import { MaskedImage } from '../../../components/ui/masked-image.tsx';
import { formatDuration } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { appStore } from '../../../stores/app-store.ts';
import { captionOptions, captionTrackFor, sameLanguage, type CaptionOption } from './captions.ts';
import { EndScreen, type UpNext } from './end-screen.tsx';
import { libraryWaitsForPoster, loadShaka, type ShakaPlayer, type ShakaTrack } from './load-shaka.ts';
import { PLAYER_ERROR_TYPES, isSupersededLoad, toPlayerFailure, type PlayerFailure } from './player-errors.ts';
import { CaptionsIcon, ExitFullscreenIcon, FullscreenIcon, MutedIcon, PauseIcon, PipIcon, PlayIcon, VolumeIcon } from './player-icons.tsx';
import { doubleTapSeek, keyAction, tapZone, type Tap } from './gestures.ts';
import { backdropOf } from './backdrop.ts';
import { DYNAMIC_BACKGROUND, gapJumpShakaConfig, MINI_PROGRESS_HEIGHT_PX, waitingJumper } from './player-config.ts';
import { ProgressPreview } from './progress-preview.tsx';
import { PLAYBACK_RATES, activeHeight, qualityLabel, qualityOptions } from './quality.ts';
import { startSpeedTest } from './speed-test.ts';
import { STUCK_START, STUCK_TICK_MS, stuckTick } from './stuck-detector.ts';
import { timeAtPointer } from './thumbnails.ts';
import styles from './hd-player.module.css';
import { i18n, useTranslation } from '../../../i18n/index.ts';

export interface HdPlayerProps {
  /** Absolute DASH manifest URL. */
  src: string;
  poster: { path: string; width: number; height: number };
  title: string;
  /** Sprite sheet for the progress-bar preview; without it the preview shows only the time. */
  thumbnails?: Thumbnails;
  /** Resolved before each load; a number starts playback there (resume from history). */
  resolveStartTime?: () => Promise<number | null>;
  /** Called when playback starts, every 5 s while playing, on pause and when the stream is left. */
  onSavePosition?: (position: number, duration: number) => void;
  /** What the end screen offers next (the first recommendation); none: only 重播. */
  upNext?: UpNext | null;
  /** Opens the next video (the end screen's card, or its countdown running out). */
  onPlayNext?: () => void;
}

type QualityMode = 'auto' | number;
type Menu = 'quality' | 'speed' | 'captions' | null;

const SAVE_INTERVAL_MS = 5_000;
/**
 * Seconds buffered before playback starts, then while playing: a page that is opened and not
 * played (autoplay refused, the visitor reads the comments) fetches a few seconds at most instead of
 * the whole clip, so the poster and the page's own requests are not queued behind media.
 */
const START_BUFFER_S = 6;
const PLAYING_BUFFER_S = 30;
const CONTROLS_IDLE_MS = 3_000;
/** Same budget as a request (SPEC §9): a stall this long is reported as a playback timeout. */
const STALL_TIMEOUT_MS = 30_000;
const SEEK_STEP_S = 5;
const VOLUME_STEP = 0.1;

interface ShakaErrorEvent extends Event {
  detail?: { severity?: number };
}

interface BufferingEvent extends Event {
  buffering?: boolean;
}

/** shaka.util.Error.Severity.RECOVERABLE: shaka retries these itself. */
const SEVERITY_RECOVERABLE = 1;

function bufferedRanges(video: HTMLVideoElement): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let i = 0; i < video.buffered.length; i += 1) ranges.push([video.buffered.start(i), video.buffered.end(i)]);
  return ranges;
}

/**
 * An ancestor marked with this attribute goes fullscreen instead of the player itself: it outlives
 * the player, so the next video (a new player in the same host) plays on fullscreen.
 */
export const FULLSCREEN_HOST = 'data-fullscreen-host';

/** Whether the fullscreen element is this player or the host around it. */
function holdsFullscreen(root: HTMLElement | null): boolean {
  const element = document.fullscreenElement;
  return element !== null && root !== null && element.contains(root);
}

/** The tip of SPEC §8 with its replay and refresh actions, shared by playback errors and stalls. */
function NetworkTip({ testId, onReplay, children }: { testId: string; onReplay: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={styles.errorOverlay} role="alert" data-testid={testId}>
      <p className={styles.errorTip}>{t('player.networkTip')}</p>
      {children}
      <div className={styles.errorActions}>
        <button type="button" className={styles.primaryButton} onClick={onReplay}>
          {t('player.replay')}
        </button>
        <button type="button" className={styles.ghostButton} onClick={() => window.location.reload()}>
          {t('app.refresh')}
        </button>
      </div>
    </div>
  );
}

/** How long the player's library waits for the poster to show before it loads all the same. */
const POSTER_FIRST_MS = 400;

/**
 * Resolves once the poster in `poster` has loaded (or failed) and had a frame to paint, or after
 * POSTER_FIRST_MS (see libraryWaitsForPoster). The player's library (140 KB over the wire, about
 * 90 ms of script at a desktop's speed) then neither shares a slow connection with the page's
 * largest picture nor holds the main thread before it is shown.
 */
function afterPosterShows(poster: HTMLElement | null): Promise<void> {
  return new Promise((resolve) => {
    const image = poster?.querySelector('[data-testid="masked-image"]');
    const shown = () => image?.getAttribute('data-state') !== 'loading';
    let observer: MutationObserver | null = null;
    const finish = () => {
      observer?.disconnect();
      clearTimeout(timer);
      // A hidden tab paints no frame (nor runs requestAnimationFrame): nothing to wait for there.
      if (document.hidden) resolve();
      else requestAnimationFrame(() => setTimeout(resolve, 0));
    };
    const timer = setTimeout(finish, POSTER_FIRST_MS);
    if (!image || shown()) return finish();
    observer = new MutationObserver(() => {
      if (shown()) finish();
    });
    observer.observe(image, { attributes: true, attributeFilter: ['data-state'] });
  });
}

export function HdPlayer({ src, poster, title, thumbnails, resolveStartTime, onSavePosition, upNext = null, onPlayNext }: HdPlayerProps) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const posterRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  /** Where shaka draws the captions (its UITextDisplayer), above the controls. */
  const captionsRef = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ resolveStartTime, onSavePosition });
  const restartAt = useRef<number | null>(null);

  const [player, setPlayer] = useState<ShakaPlayer | null>(null);
  const [attempt, setAttempt] = useState(0);
  /** Bumped by 重新播放 to run the stream load again on the same player. */
  const [reloads, setReloads] = useState(0);
  const [failure, setFailure] = useState<PlayerFailure | null>(null);
  const [started, setStarted] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [buffering, setBuffering] = useState(true);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(0);
  const [buffered, setBuffered] = useState<Array<[number, number]>>([]);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const [rate, setRate] = useState(1);
  const [tracks, setTracks] = useState<ShakaTrack[]>([]);
  const [qualityMode, setQualityMode] = useState<QualityMode>('auto');
  const [menu, setMenu] = useState<Menu>(null);
  const [idle, setIdle] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [stuck, setStuck] = useState(false);
  const [pip, setPip] = useState(false);
  const [preview, setPreview] = useState<{ time: number; x: number; barWidth: number } | null>(null);
  /** Played to the end: the end screen shows, with whether focus moves into it. */
  const [ended, setEnded] = useState<{ takeFocus: boolean } | null>(null);
  const [captionChoices, setCaptionChoices] = useState<CaptionOption[]>([]);
  const { captionLanguage } = useSnapshot(appStore);
  /** A finger (or pen) is down on the progress bar: its moves preview, like a mouse hovering. */
  const scrubbing = useRef(false);
  const backgroundRef = useRef<HTMLCanvasElement>(null);
  const lastTap = useRef<Tap | null>(null);

  useLayoutEffect(() => {
    callbacks.current = { resolveStartTime, onSavePosition };
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let disposed = false;
    let instance: ShakaPlayer | null = null;
    (libraryWaitsForPoster() ? afterPosterShows(posterRef.current) : Promise.resolve())
      .then(loadShaka)
      .then(async (shaka) => {
        if (disposed) return;
        if (!shaka.Player.isBrowserSupported()) {
          setFailure({ type: PLAYER_ERROR_TYPES.format, code: null });
          return;
        }
        instance = new shaka.Player();
        instance.configure({
          // shaka's dropped-frame ban hides renditions from getVariantTracks for 30 s when the
          // device drops frames, which would leave the quality menu short of renditions the user
          // may still pick; auto chooses by bandwidth, and every rendition stays in the menu.
          // Auto picks no more pixels than the player shows (its size times the pixel ratio): an
          // inline phone player does not pull 1080p, fullscreen on a large screen does. The menu
          // still offers every rendition.
          abr: { enabled: true, droppedFrames: false, restrictToElementSize: true },
          streaming: {
            bufferingGoal: START_BUFFER_S,
            rebufferingGoal: 2,
            retryParameters: { timeout: 30_000, maxAttempts: 3 },
          },
          manifest: { retryParameters: { timeout: 30_000, maxAttempts: 3 } },
        });
        instance.configure(gapJumpShakaConfig());
        // Captions drawn by shaka's UITextDisplayer into our own box (styled and placed by the
        // player's CSS), rather than the browser's native cues under our controls.
        instance.setVideoContainer(captionsRef.current);
        await instance.attach(video);
        if (!disposed) setPlayer(instance);
      })
      .catch((error: unknown) => {
        if (disposed || isSupersededLoad(error)) return;
        // The player chunk itself could not be fetched: the connection, not the video, is at fault.
        setFailure(instance ? toPlayerFailure(error) : { type: PLAYER_ERROR_TYPES.network, code: null });
      });
    return () => {
      disposed = true;
      setPlayer(null);
      void instance?.destroy();
    };
  }, [attempt]);

  const refreshTracks = useCallback(() => {
    if (player) setTracks(player.getVariantTracks());
  }, [player]);

  useEffect(() => {
    if (!player) return;
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    // Off by default (SPEC §9); when on, long waits skip a little ahead.
    const jumper = waitingJumper();
    const onError = (event: Event) => {
      const error = (event as ShakaErrorEvent).detail;
      if (!error || error.severity === SEVERITY_RECOVERABLE || isSupersededLoad(error)) return;
      setFailure(toPlayerFailure(error));
    };
    const onBuffering = (event: Event) => {
      const isBuffering = (event as BufferingEvent).buffering === true;
      setBuffering(isBuffering);
      clearTimeout(stallTimer);
      if (videoRef.current) jumper.buffering(isBuffering, videoRef.current);
      if (isBuffering && videoRef.current && !videoRef.current.paused) {
        stallTimer = setTimeout(() => setFailure({ type: PLAYER_ERROR_TYPES.timeout, code: null }), STALL_TIMEOUT_MS);
      }
    };
    const onPause = () => {
      clearTimeout(stallTimer);
      jumper.stop();
    };
    const video = videoRef.current;
    const unlistenVideo = listen(video, { pause: onPause });
    const unlistenPlayer = listen(player, {
      error: onError,
      buffering: onBuffering,
      adaptation: refreshTracks,
      variantchanged: refreshTracks,
      trackschanged: refreshTracks,
    });
    return () => {
      clearTimeout(stallTimer);
      jumper.stop();
      unlistenVideo();
      unlistenPlayer();
    };
    // Per stream too, so a new video starts with a fresh allowance of waiting jumps.
  }, [player, refreshTracks, src]);

  useEffect(() => {
    const video = videoRef.current;
    if (!player || !video) return;
    let active = true;
    let saveTimer: ReturnType<typeof setInterval> | undefined;
    // Captured per stream so the final save on leaving goes to the video that was playing.
    const { resolveStartTime: resolveStart, onSavePosition: savePosition } = callbacks.current;
    // Tracked here because tearing the player down resets the element before the final save runs.
    let position = 0;
    let mediaDuration = Number.NaN;
    let played = false;
    const track = () => {
      position = video.currentTime;
      mediaDuration = video.duration;
    };
    const save = () => {
      if (played) savePosition?.(position, mediaDuration);
    };
    const stopSaving = () => {
      clearInterval(saveTimer);
      saveTimer = undefined;
    };
    const onPlaying = () => {
      if (!played) player.configure({ streaming: { bufferingGoal: PLAYING_BUFFER_S } });
      played = true;
      track();
      save();
      saveTimer ??= setInterval(save, SAVE_INTERVAL_MS);
    };
    const onPause = () => {
      track();
      stopSaving();
      save();
    };
    const unlisten = listen(video, { timeupdate: track, playing: onPlaying, pause: onPause, ended: onPause });

    setFailure(null);
    setStarted(false);
    setBuffering(true);
    setTracks([]);
    setQualityMode('auto');
    setCurrent(0);
    setDuration(0);
    setBuffered([]);
    setEnded(null);
    setCaptionChoices([]);

    const restart = restartAt.current;
    restartAt.current = null;
    // Off by default (SPEC §9); when on, its first estimate seeds shaka's choice of variant.
    const speedTest = startSpeedTest(player, src);
    (async () => {
      const startTime = restart ?? (await resolveStart?.().catch(() => null)) ?? null;
      if (!active) return;
      player.configure({ abr: { enabled: true }, streaming: { bufferingGoal: START_BUFFER_S } });
      await speedTest.first;
      if (!active) return;
      await player.load(src, startTime);
      if (!active) return;
      setTracks(player.getVariantTracks());
      const textTracks = player.getTextTracks();
      setCaptionChoices(captionOptions(textTracks));
      player.selectTextTrack(captionTrackFor(textTracks, appStore.captionLanguage));
      if (startTime !== null && restart === null) toast(i18n.t('player.resumedAt', { time: formatDuration(startTime) }));
      // Browsers may refuse unmuted autoplay; the big play button covers that case.
      video.play().catch(() => undefined);
    })().catch((error: unknown) => {
      if (active && !isSupersededLoad(error)) setFailure(toPlayerFailure(error));
    });

    return () => {
      active = false;
      speedTest.cancel();
      stopSaving();
      save();
      unlisten();
    };
  }, [player, src, reloads]);

  useEffect(() => {
    const video = videoRef.current;
    if (!player || !video || failure) return;
    let state = STUCK_START;
    const timer = setInterval(() => {
      state = stuckTick(state, { time: video.currentTime, shouldPlay: started && !video.paused && !video.ended });
      setStuck(state.stuck);
    }, STUCK_TICK_MS);
    return () => {
      clearInterval(timer);
      setStuck(false);
    };
  }, [player, failure, started]);

  useEffect(() => {
    const video = videoRef.current;
    const canvas = backgroundRef.current;
    if (!video || !canvas) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    // A tiny canvas is enough: CSS blurs and scales it. The frame is drawn into it off the main thread where the browser can (backdrop.ts).
    const backdrop = backdropOf(canvas);
    const draw = () => backdrop.draw(video);
    const onLoaded = () => {
      for (let i = 0; i < DYNAMIC_BACKGROUND.startFrames; i += 1) draw();
    };
    const onPlaying = () => {
      clearInterval(timer);
      timer = setInterval(draw, 1000 / DYNAMIC_BACKGROUND.fps);
    };
    const onStop = () => clearInterval(timer);
    const unlisten = listen(video, { loadeddata: onLoaded, playing: onPlaying, pause: onStop, ended: onStop });
    return () => {
      onStop();
      unlisten();
      backdrop.release();
    };
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    return listen(video, { enterpictureinpicture: () => setPip(true), leavepictureinpicture: () => setPip(false) });
  }, []);

  useEffect(() => {
    const onVisibility = () => {
      if (document.hidden) videoRef.current?.pause();
    };
    const onFullscreen = () => setFullscreen(holdsFullscreen(rootRef.current));
    // A player that replaces the one before inside a fullscreen host (the next video) starts fullscreen.
    onFullscreen();
    return listen(document, { visibilitychange: onVisibility, fullscreenchange: onFullscreen });
  }, []);

  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const wake = useCallback(() => {
    setIdle(false);
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(() => setIdle(true), CONTROLS_IDLE_MS);
  }, []);
  useEffect(() => () => clearTimeout(idleTimer.current), []);

  const options = useMemo(() => qualityOptions(tracks), [tracks]);
  const currentHeight = activeHeight(tracks);

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) video.play().catch(() => undefined);
    else video.pause();
  }, []);

  const seekTo = (time: number) => {
    const video = videoRef.current;
    if (!video || !Number.isFinite(time)) return;
    const target = Math.max(0, Math.min(time, Number.isFinite(video.duration) ? video.duration : time));
    video.currentTime = target;
    setCurrent(target);
  };

  const toggleMute = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    if (!video.muted && video.volume === 0) video.volume = 0.5;
  };

  const changeVolume = (value: number) => {
    const video = videoRef.current;
    if (!video) return;
    const clamped = Math.max(0, Math.min(1, Math.round(value * 100) / 100));
    video.volume = clamped;
    video.muted = clamped === 0;
  };

  const pipSupported = typeof document !== 'undefined' && document.pictureInPictureEnabled === true;
  const togglePip = () => {
    const video = videoRef.current;
    if (!video) return;
    if (document.pictureInPictureElement) document.exitPictureInPicture().catch(() => undefined);
    else video.requestPictureInPicture().catch(() => undefined);
  };

  const chooseQuality = (mode: QualityMode) => {
    setMenu(null);
    if (!player) return;
    if (mode === 'auto') {
      player.configure({ abr: { enabled: true } });
    } else {
      const option = options.find((candidate) => candidate.height === mode);
      if (!option) return;
      player.configure({ abr: { enabled: false } });
      player.selectVariantTrack(option.track, true);
    }
    setQualityMode(mode);
    refreshTracks();
  };

  const chooseCaptions = (language: string) => {
    setMenu(null);
    appStore.captionLanguage = language;
    if (player) player.selectTextTrack(captionTrackFor(player.getTextTracks(), language));
  };

  /** 重播 on the end screen: from the start, on the stream already loaded. */
  const replayFromStart = () => {
    const video = videoRef.current;
    if (!video) return;
    setEnded(null);
    video.currentTime = 0;
    setCurrent(0);
    video.play().catch(() => undefined);
    rootRef.current?.focus({ preventScroll: true });
  };

  /** The video ended: the end screen takes focus only from the player itself or from nowhere, never from a field elsewhere. */
  const onEnded = () => {
    const active = document.activeElement;
    setEnded({ takeFocus: active === null || active === document.body || (rootRef.current?.contains(active) ?? false) });
  };

  const chooseRate = (value: number) => {
    setMenu(null);
    if (videoRef.current) videoRef.current.playbackRate = value;
  };

  const toggleFullscreen = () => {
    const root = rootRef.current;
    const target = root?.closest<HTMLElement>(`[${FULLSCREEN_HOST}]`) ?? root;
    const video = videoRef.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null;
    if (document.fullscreenElement) {
      document.exitFullscreen().catch(() => undefined);
    } else if (target && typeof target.requestFullscreen === 'function') {
      target.requestFullscreen().catch(() => undefined);
    } else {
      // iOS Safari only lets the video element itself go fullscreen.
      video?.webkitEnterFullscreen?.();
    }
  };

  const replay = () => {
    setStuck(false);
    restartAt.current = videoRef.current && videoRef.current.currentTime > 0 ? videoRef.current.currentTime : null;
    setFailure(null);
    // Reuse a working player: attaching a new one while the old one detaches can stall both.
    if (player) setReloads((value) => value + 1);
    else setAttempt((value) => value + 1);
  };

  const onSurfacePointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (menu) {
      setMenu(null);
      return;
    }
    // A mouse click plays or pauses like elsewhere. On touch, the side thirds reveal the controls
    // and seek 10 s on a double tap; the middle third plays or pauses once the controls show.
    if (event.pointerType === 'mouse') {
      togglePlay();
      return;
    }
    const bounds = event.currentTarget.getBoundingClientRect();
    const tap: Tap = { at: event.timeStamp, zone: tapZone(event.clientX - bounds.left, bounds.width) };
    const seek = doubleTapSeek(lastTap.current, tap);
    lastTap.current = seek ? null : tap;
    if (seek && videoRef.current) {
      seekTo(videoRef.current.currentTime + seek);
      toast(seek > 0 ? i18n.t('player.forward', { n: seek }) : i18n.t('player.rewind', { n: -seek }));
      wake();
    } else if (tap.zone !== 'middle' || (idle && playing)) wake();
    else togglePlay();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target instanceof HTMLInputElement) return;
    // A focused button already answers Space with its own click.
    if (event.target instanceof HTMLButtonElement && event.key === ' ') return;
    const video = videoRef.current;
    if (!video) return;
    const action = keyAction(event.key);
    const handled = ((): boolean => {
      switch (action) {
        case 'toggle':
          togglePlay();
          return true;
        case 'back':
          seekTo(video.currentTime - SEEK_STEP_S);
          return true;
        case 'forward':
          seekTo(video.currentTime + SEEK_STEP_S);
          return true;
        case 'volumeUp':
          changeVolume((video.muted ? 0 : video.volume) + VOLUME_STEP);
          return true;
        case 'volumeDown':
          changeVolume((video.muted ? 0 : video.volume) - VOLUME_STEP);
          return true;
        case 'mute':
          toggleMute();
          return true;
        case 'fullscreen':
          toggleFullscreen();
          return true;
        case 'closeMenu':
          setMenu(null);
          return menu !== null;
        default:
          return false;
      }
    })();
    if (handled) {
      event.preventDefault();
      wake();
    }
  };

  const showPreview = (event: PointerEvent<HTMLDivElement>) => {
    const bounds = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - bounds.left;
    setPreview({ time: timeAtPointer(x, bounds.width, duration), x, barWidth: bounds.width });
  };
  const previewHandlers = {
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      if (duration > 0 && (event.pointerType === 'mouse' || scrubbing.current)) showPreview(event);
    },
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      if (event.pointerType === 'mouse' || duration <= 0) return;
      scrubbing.current = true;
      showPreview(event);
    },
    onPointerUp: (event: PointerEvent<HTMLDivElement>) => {
      if (event.pointerType === 'mouse') return;
      scrubbing.current = false;
      setPreview(null);
    },
    onPointerCancel: () => {
      scrubbing.current = false;
      setPreview(null);
    },
    onPointerLeave: (event: PointerEvent<HTMLDivElement>) => {
      if (event.pointerType === 'mouse') setPreview(null);
    },
  };

  const controlsVisible = !playing || !idle || menu !== null || preview !== null;
  const state = failure ? 'error' : !player || (buffering && !playing) ? 'loading' : playing ? 'playing' : 'paused';
  const progressMax = duration > 0 ? duration : 0;
  const activeCaption = captionChoices.find((choice) => sameLanguage(choice.language, captionLanguage))?.language ?? '';
  const playedPercent = progressMax > 0 ? (current / progressMax) * 100 : 0;
  // A phone's bar shows only the height of 自动 720P (the word stays in the button's name), so CC fits too.
  const qualityButtonLabel =
    qualityMode === 'auto' ? (
      currentHeight ? (
        <>
          {/* A no-break space: the button is a flex box, whose items lose their edge spaces. */}
          <span className={styles.autoWord}>{`${t('player.auto')}\u00a0`}</span>
          {qualityLabel(currentHeight)}
        </>
      ) : (
        t('player.auto')
      )
    ) : (
      qualityLabel(qualityMode)
    );

  return (
    <div
      ref={rootRef}
      className={[styles.player, controlsVisible ? '' : styles.idle, fullscreen ? styles.fullscreen : ''].join(' ')}
      data-testid="player-root"
      data-state={state}
      data-active-height={currentHeight ?? undefined}
      data-quality-mode={qualityMode}
      data-error-type={failure?.type}
      tabIndex={0}
      aria-label={title}
      onPointerMove={wake}
      onKeyDown={onKeyDown}
    >
      <canvas
        ref={backgroundRef}
        className={styles.background}
        width={32}
        height={18}
        aria-hidden="true"
        style={{ filter: `blur(${DYNAMIC_BACKGROUND.blurPx}px)`, transform: `scale(${DYNAMIC_BACKGROUND.scale})` }}
      />
      <video
        ref={videoRef}
        className={styles.video}
        data-testid="video-player"
        playsInline
        preload="metadata"
        onPlay={() => {
          setPlaying(true);
          setEnded(null);
        }}
        onPause={() => setPlaying(false)}
        onEnded={onEnded}
        // Seeking back from the end (the bar, the arrow keys) leaves the end screen and its countdown.
        onSeeking={(event) => {
          if (!event.currentTarget.ended) setEnded(null);
        }}
        onPlaying={() => {
          setStarted(true);
          setBuffering(false);
          wake();
        }}
        onTimeUpdate={(event) => setCurrent(event.currentTarget.currentTime)}
        onDurationChange={(event) => setDuration(Number.isFinite(event.currentTarget.duration) ? event.currentTarget.duration : 0)}
        onProgress={(event) => setBuffered(bufferedRanges(event.currentTarget))}
        onVolumeChange={(event) => {
          setVolume(event.currentTarget.volume);
          setMuted(event.currentTarget.muted);
        }}
        onRateChange={(event) => {
          // shaka holds the rate at 0 while it rebuffers; that is not the speed the user chose.
          if (event.currentTarget.playbackRate > 0) setRate(event.currentTarget.playbackRate);
        }}
      />

      {!started && (
        <div ref={posterRef} className={styles.poster} aria-hidden="true">
          <MaskedImage path={poster.path} width={poster.width} height={poster.height} alt="" className={styles.posterImage} priority />
        </div>
      )}

      <div className={styles.surface} onPointerUp={onSurfacePointerUp}>
        {state === 'loading' && started && <span className={styles.spinner} aria-label={t('common.loading')} />}
        {!playing && !failure && !ended && (
          <button type="button" className={styles.bigPlay} onClick={togglePlay} aria-label={t('player.play')} data-testid="big-play">
            <PlayIcon />
          </button>
        )}
      </div>

      <div className={`${styles.captions} ${controlsVisible ? styles.captionsRaised : ''}`} ref={captionsRef} data-testid="player-captions" />

      {ended && !failure && <EndScreen next={upNext} onReplay={replayFromStart} onPlayNext={() => onPlayNext?.()} takeFocus={ended.takeFocus} />}

      {failure && (
        <NetworkTip testId="player-error" onReplay={replay}>
          <p className={styles.errorDetail}>
            {t('player.errorDetail', {
              label: t(`player.error${failure.type}`),
              detail: failure.code !== null ? `${failure.type} · ${failure.code}` : failure.type,
            })}
          </p>
        </NetworkTip>
      )}

      {stuck && !failure && <NetworkTip testId="player-stuck" onReplay={replay} />}

      {!controlsVisible && progressMax > 0 && (
        <div className={styles.miniProgress} style={{ height: MINI_PROGRESS_HEIGHT_PX }} aria-hidden="true" data-testid="mini-progress">
          <span style={{ width: `${playedPercent}%` }} />
        </div>
      )}

      <div className={styles.controls} onPointerDown={wake}>
        <div className={styles.progress} {...previewHandlers}>
          {preview && <ProgressPreview thumbnails={thumbnails} {...preview} />}
          <div className={styles.track} aria-hidden="true">
            {progressMax > 0 &&
              buffered.map(([start, end]) => (
                <span
                  key={`${start}-${end}`}
                  className={styles.bufferedRange}
                  data-testid="buffered-range"
                  style={{ left: `${(start / progressMax) * 100}%`, width: `${((end - start) / progressMax) * 100}%` }}
                />
              ))}
            <span className={styles.played} style={{ width: `${playedPercent}%` }} />
          </div>
          <input
            className={styles.seek}
            type="range"
            min={0}
            max={progressMax}
            step={0.1}
            value={Math.min(current, progressMax)}
            onChange={(event) => seekTo(Number(event.currentTarget.value))}
            aria-label={t('player.progress')}
            aria-valuetext={`${formatDuration(current)} / ${formatDuration(duration)}`}
            data-testid="player-progress"
            disabled={progressMax === 0}
          />
        </div>

        <div className={styles.bar}>
          <IconButton label={playing ? t('player.pause') : t('player.play')} onClick={togglePlay} testId="play-toggle">
            {playing ? <PauseIcon /> : <PlayIcon />}
          </IconButton>
          <span className={styles.time} data-testid="player-time">
            {formatDuration(current)} / {formatDuration(duration)}
          </span>
          <div className={styles.volume}>
            <IconButton label={muted ? t('player.unmute') : t('player.mute')} onClick={toggleMute} testId="mute-toggle">
              {muted || volume === 0 ? <MutedIcon /> : <VolumeIcon />}
            </IconButton>
            <input
              className={styles.volumeSlider}
              type="range"
              min={0}
              max={1}
              step={0.05}
              value={muted ? 0 : volume}
              onChange={(event) => changeVolume(Number(event.currentTarget.value))}
              aria-label={t('player.volume')}
            />
          </div>

          <span className={styles.spacer} />

          <ControlMenu
            label={t('player.speed')}
            open={menu === 'speed'}
            onToggle={() => setMenu(menu === 'speed' ? null : 'speed')}
            buttonText={rate === 1 ? t('player.speedButton') : `${rate}x`}
            testId="speed-button"
          >
            {[...PLAYBACK_RATES].reverse().map((value) => (
              <MenuChoice key={value} checked={rate === value} onChoose={() => chooseRate(value)} testId="speed-option" data={{ 'data-rate': value }}>
                {value === 1 ? t('player.normal') : `${value}x`}
              </MenuChoice>
            ))}
          </ControlMenu>

          {captionChoices.length > 0 && (
            <ControlMenu
              label={t('captions.menu')}
              open={menu === 'captions'}
              onToggle={() => setMenu(menu === 'captions' ? null : 'captions')}
              buttonText={<CaptionsIcon />}
              buttonLabel={t('captions.menu')}
              buttonPressed={activeCaption !== ''}
              testId="captions-button"
            >
              <MenuChoice checked={activeCaption === ''} onChoose={() => chooseCaptions('')} testId="captions-off">
                {t('captions.off')}
              </MenuChoice>
              {captionChoices.map((choice) => (
                <MenuChoice
                  key={choice.language}
                  checked={sameLanguage(activeCaption, choice.language)}
                  onChoose={() => chooseCaptions(choice.language)}
                  testId="captions-option"
                  data={{ 'data-language': choice.language }}
                >
                  {choice.label}
                </MenuChoice>
              ))}
            </ControlMenu>
          )}

          <ControlMenu
            label={t('player.quality')}
            open={menu === 'quality'}
            onToggle={() => setMenu(menu === 'quality' ? null : 'quality')}
            buttonText={qualityButtonLabel}
            disabled={options.length === 0}
            testId="quality-button"
          >
            {options.map((option) => (
              <MenuChoice
                key={option.height}
                checked={qualityMode === option.height}
                onChoose={() => chooseQuality(option.height)}
                testId="quality-option"
                data={{ 'data-height': option.height }}
              >
                {option.label}
              </MenuChoice>
            ))}
            <MenuChoice checked={qualityMode === 'auto'} onChoose={() => chooseQuality('auto')} testId="quality-auto">
              {t('player.auto')}
              {qualityMode === 'auto' && currentHeight ? <small> {qualityLabel(currentHeight)}</small> : null}
            </MenuChoice>
          </ControlMenu>

          {pipSupported && (
            <IconButton label={pip ? t('player.exitPip') : t('player.pip')} onClick={togglePip} pressed={pip} title={t('player.pip')} testId="pip-toggle">
              <PipIcon />
            </IconButton>
          )}

          <IconButton label={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')} onClick={toggleFullscreen} testId="fullscreen-toggle">
            {fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
          </IconButton>
        </div>
      </div>
    </div>
  );
}

function IconButton(props: { label: string; onClick: () => void; testId: string; pressed?: boolean; title?: string; children: ReactNode }) {
  return (
    <button
      type="button"
      className={styles.iconButton}
      onClick={props.onClick}
      aria-pressed={props.pressed}
      aria-label={props.label}
      title={props.title}
      data-testid={props.testId}
    >
      {props.children}
    </button>
  );
}

interface ControlMenuProps {
  /** Names the open menu. */
  label: string;
  open: boolean;
  onToggle: () => void;
  /** What the bar shows: the current choice, or an icon (then buttonLabel names it). */
  buttonText: ReactNode;
  buttonLabel?: string;
  /** An icon button lit while its feature is on (captions). */
  buttonPressed?: boolean;
  disabled?: boolean;
  testId: string;
  children: ReactNode;
}

/** A control-bar button that opens a menu of choices above it (speed, quality). */
function ControlMenu({ label, open, onToggle, buttonText, buttonLabel, buttonPressed, disabled, testId, children }: ControlMenuProps) {
  return (
    <div className={styles.menuAnchor}>
      <button
        type="button"
        className={buttonLabel ? `${styles.iconButton} ${buttonPressed ? styles.iconButtonLit : ''}` : styles.textButton}
        onClick={onToggle}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={buttonLabel}
        title={buttonLabel}
        disabled={disabled}
        data-testid={testId}
      >
        {buttonText}
      </button>
      {open && (
        <ul className={styles.menu} role="menu" aria-label={label}>
          {children}
        </ul>
      )}
    </div>
  );
}

function MenuChoice(props: { checked: boolean; onChoose: () => void; testId: string; data?: Record<`data-${string}`, number | string>; children: ReactNode }) {
  return (
    <li role="none">
      <button
        type="button"
        role="menuitemradio"
        aria-checked={props.checked}
        className={props.checked ? styles.menuItemActive : styles.menuItem}
        onClick={props.onChoose}
        data-testid={props.testId}
        {...props.data}
      >
        {props.children}
      </button>
    </li>
  );
}
