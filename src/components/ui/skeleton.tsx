import type { CSSProperties } from 'react';
import styles from './skeleton.module.css';

export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return <span className={className ? `${styles.skeleton} ${className}` : styles.skeleton} style={style} aria-hidden="true" />;
}
