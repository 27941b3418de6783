import { formatCount } from '../lib/format.ts';

/** A row of figures with their words (12万 次观看 · 300 点赞), each figure in bold. */
export function Counts({ items, className, testId }: { items: readonly (readonly [count: number, label: string])[]; className?: string; testId?: string }) {
  return (
    <p className={className} data-testid={testId}>
      {items.map(([count, label]) => (
        <span key={label}>
          <b>{formatCount(count)}</b> {label}
        </span>
      ))}
    </p>
  );
}
