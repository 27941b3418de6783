import type { TopicType } from '../../../protocol/content-api.ts';

/** What each display type (SPEC §2, types 1 to 7) is called on screen and in tests. */
export const TOPIC_LAYOUTS: Record<TopicType, string> = {
  1: 'hero-grid',
  2: 'rails',
  3: 'ranked',
  4: 'performers',
  5: 'large-cards',
  6: 'two-column',
  7: 'mixed',
};

/** A type this build does not know yet is drawn as the plainest layout rather than not at all. */
export function topicTypeOf(type: number): TopicType {
  return Number.isInteger(type) && type >= 1 && type <= 7 ? (type as TopicType) : 1;
}

/** Consecutive groups of `size` (the last one may be shorter). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new RangeError('size must be at least 1');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** As few groups as `max` allows, sized evenly (11 at most 9 a group: 6 and 5, not 9 and 2). */
export function balancedChunks<T>(items: readonly T[], max: number): T[][] {
  if (items.length === 0) return [];
  const groups = Math.ceil(items.length / max);
  return chunk(items, Math.ceil(items.length / groups));
}

export type MixedBlock<T> = { kind: 'feature'; items: T[] } | { kind: 'pair'; items: T[] } | { kind: 'rows'; items: T[] };

const MIXED_PATTERN = [
  ['feature', 1],
  ['pair', 2],
  ['rows', 3],
] as const;

/**
 * Type 7 (mixed): one wide feature card, a pair of tiles, then three compact rows, repeated, so a
 * long topic keeps changing rhythm. A short tail fills whatever block it reaches.
 */
export function mixedBlocks<T>(items: readonly T[]): MixedBlock<T>[] {
  const blocks: MixedBlock<T>[] = [];
  let i = 0;
  let step = 0;
  while (i < items.length) {
    const [kind, size] = MIXED_PATTERN[step % MIXED_PATTERN.length]!;
    blocks.push({ kind, items: items.slice(i, i + size) });
    i += size;
    step += 1;
  }
  return blocks;
}

/** Type 3 (ranked): the top three get medal colours, the rest a plain number. */
export function rankTier(rank: number): 'gold' | 'silver' | 'bronze' | 'plain' {
  if (rank === 1) return 'gold';
  if (rank === 2) return 'silver';
  if (rank === 3) return 'bronze';
  return 'plain';
}
