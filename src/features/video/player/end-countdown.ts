/** The end screen's countdown to the next video, as plain arithmetic the tests can drive. */

/** Seconds the end screen counts down before the next video plays (YouTube and Bilibili wait about as long). */
export const UP_NEXT_SECONDS = 5;

/** How often the shown number is brought up to date: well under a second, so it never skips one. */
export const COUNTDOWN_TICK_MS = 200;

/** Whole seconds left before `deadline` (ms) at `now`, shown as the number counting down: 5, 4, … 1, then 0 (go). */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * Whether a video that just ended counts down to the next one: only with a next video, autoplay on,
 * and a visible page (a video ending in picture-in-picture behind another tab does not move on).
 */
export function startsCountdown(options: { hasNext: boolean; autoplay: boolean; hidden: boolean }): boolean {
  return options.hasNext && options.autoplay && !options.hidden;
}
