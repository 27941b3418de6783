/**
 * Stuck detection (SPEC §9): every second while the video should be playing, compare its clock
 * with the last tick; three ticks without progress mean the stream has stalled, and the player
 * shows 网络连接似乎出现了问题 with replay and refresh.
 */
export const STUCK_TICK_MS = 1000;
export const STUCK_COUNTS = 3;
/** Clock movement smaller than this between ticks counts as none. */
const PROGRESS_EPSILON_S = 0.01;

export interface StuckState {
  last: number;
  count: number;
  stuck: boolean;
}

export const STUCK_START: StuckState = { last: Number.NaN, count: 0, stuck: false };

export function stuckTick(state: StuckState, sample: { time: number; shouldPlay: boolean }): StuckState {
  if (!sample.shouldPlay) return { last: sample.time, count: 0, stuck: false };
  if (!(Math.abs(sample.time - state.last) < PROGRESS_EPSILON_S)) return { last: sample.time, count: 0, stuck: false };
  const count = state.count + 1;
  return { last: sample.time, count, stuck: count >= STUCK_COUNTS };
}
