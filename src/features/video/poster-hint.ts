import { prefetchMaskedImage } from '../../lib/unmasked-images.ts';
import { isPcWidth, viewportWidth } from '../../stores/layout-store.ts';

/** The poster a first visit's HTML names for its video page (server/plugins/page-hints.ts). */
export interface PosterHint {
  /** The IMAGE base of the app config, known here before the config arrives. */
  base: string;
  path: string;
  width: number;
  height: number;
}

let hint: { id: number; poster: PosterHint } | null | undefined;

function readHint(): { id: number; poster: PosterHint } | null {
  const meta = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="md-poster"]');
  if (!meta) return null;
  // Once read it is the app's: a later page of the same tab must not find it again.
  meta.remove();
  const id = Number(meta.content);
  const base = meta.dataset.base ?? '';
  const path = meta.dataset.path ?? '';
  const width = Number(meta.dataset.width);
  const height = Number(meta.dataset.height);
  if (!Number.isInteger(id) || id <= 0 || !path || !(width > 0) || !(height > 0)) return null;
  return { id, poster: { base, path, width, height } };
}

/**
 * The poster of video `id` when the page was opened on that video: shown before the detail
 * arrives, so the page's largest image waits only for the crypto worker and its own bytes.
 */
export function posterHintFor(id: number): PosterHint | null {
  if (hint === undefined) hint = readHint();
  return hint?.id === id ? hint.poster : null;
}

/**
 * On a first visit opened on video `id`, its poster (named by the HTML) is unmasked while the
 * session starts: the route's loader calls this before it asks for the detail, so the image's request
 * leaves first and the page's largest image is ready when the page first renders. Only the phone
 * layout is predicted: there the player is as wide as the viewport.
 */
export function prefetchHintedPoster(id: number | undefined): void {
  if (id === undefined || window.location.pathname !== '/videoDetails') return;
  const hint = posterHintFor(id);
  const width = viewportWidth();
  if (hint && !isPcWidth(width)) prefetchMaskedImage(hint.base, hint.path, width);
}
