/** The numbers and words of the pull-to-refresh gesture; pure so they can be tested alone. */

/** How far (px) the finger must pull the content down before letting go refreshes it. */
export const PULL_THRESHOLD_PX = 64;
import { i18n } from '../i18n/index.ts';
/** Pulling further than this moves the content no more. */
const PULL_MAX_PX = 112;
/** The content follows the finger at half its speed, so the pull feels elastic. */
const PULL_RESISTANCE = 0.5;

export type PullPhase = 'idle' | 'pulling' | 'armed' | 'refreshing';

export function pullLabel(phase: PullPhase): string {
  if (phase === 'armed') return i18n.t('common.releaseToRefresh');
  if (phase === 'refreshing') return i18n.t('common.refreshing');
  return i18n.t('common.pullToRefresh');
}

/** Distance the content moves for a finger moved `delta` px down from where it touched. */
export function pullDistance(delta: number): number {
  return Math.max(0, Math.min(PULL_MAX_PX, delta * PULL_RESISTANCE));
}
