import type { CSSProperties } from 'react';

export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return <span className={className ? `skeleton ${className}` : 'skeleton'} style={style} aria-hidden="true" />;
}
