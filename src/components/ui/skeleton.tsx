import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import styles from './skeleton.module.css';

export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return <span className={className ? `${styles.skeleton} ${className}` : styles.skeleton} style={style} aria-hidden="true" />;
}

export interface LoadingProps {
  className?: string;
  testId?: string;
  /** How many times the placeholder repeats (cards of a grid, rows of a list). */
  count?: number;
  /** The placeholder: skeletons shaped like what is coming. */
  children: ReactNode;
}

/** A block that is loading: announced as busy to assistive technology, its placeholders inside. */
export function Loading({ className, testId, count = 1, children }: LoadingProps) {
  const { t } = useTranslation();
  return (
    <div className={className} aria-busy="true" aria-label={t('common.loading')} data-testid={testId}>
      {Array.from({ length: count }, (_, i) => (
        <Fragment key={i}>{children}</Fragment>
      ))}
    </div>
  );
}
