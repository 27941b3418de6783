/** The numbers and words of the pull-to-refresh gesture; pure so they can be tested alone. */

/** How far (px) the finger must pull the content down before letting go refreshes it. */
export const PULL_THRESHOLD_PX = 64;
/** Pulling further than this moves the content no more. */
const PULL_MAX_PX = 112;
/** The content follows the finger at half its speed, so the pull feels elastic. */
const PULL_RESISTANCE = 0.5;

export type PullPhase = 'idle' | 'pulling' | 'armed' | 'refreshing';

export function pullLabel(phase: PullPhase): string {
  if (phase === 'armed') return '释放刷新';
  if (phase === 'refreshing') return '正在刷新…';
  return '下拉刷新';
}

/** Distance the content moves for a finger moved `delta` px down from where it touched. */
export function pullDistance(delta: number): number {
  return Math.max(0, Math.min(PULL_MAX_PX, delta * PULL_RESISTANCE));
}
