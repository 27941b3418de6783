/** Seconds kept clear at both ends: resuming that close to the start or the end helps nobody. */
export const RESUME_MARGIN_S = 5;

/** Where to resume a video from a stored watch position, or null to start from the beginning. */
export function resumePosition(position: unknown, duration: number): number | null {
  if (typeof position !== 'number' || !Number.isFinite(position)) return null;
  if (!Number.isFinite(duration) || duration <= 0) return null;
  if (position <= RESUME_MARGIN_S || position >= duration - RESUME_MARGIN_S) return null;
  return position;
}
