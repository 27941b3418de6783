/** Quality menu model built from shaka variant tracks; pure so it can be tested without a player. */
export interface VariantLike {
  id: number;
  height: number | null;
  bandwidth: number;
  active: boolean;
}

export interface QualityOption<T extends VariantLike = VariantLike> {
  height: number;
  label: string;
  track: T;
}

export function qualityLabel(height: number): string {
  if (height >= 2160) return '4K';
  if (height >= 1440) return '2K';
  return `${height}P`;
}

/** One option per height (the highest-bandwidth variant of it, e.g. over several audio tracks), tallest first. */
export function qualityOptions<T extends VariantLike>(tracks: readonly T[]): QualityOption<T>[] {
  const byHeight = new Map<number, T>();
  for (const track of tracks) {
    if (track.height === null || track.height <= 0) continue;
    const kept = byHeight.get(track.height);
    if (!kept || track.bandwidth > kept.bandwidth) byHeight.set(track.height, track);
  }
  return [...byHeight.entries()].sort(([a], [b]) => b - a).map(([height, track]) => ({ height, label: qualityLabel(height), track }));
}

export function activeHeight(tracks: readonly VariantLike[]): number | null {
  return tracks.find((track) => track.active)?.height ?? null;
}

export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
