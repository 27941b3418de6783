import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

export function EmptyState({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <div className={styles.state}>
      <p className={styles.title}>{title}</p>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action ? <div>{action}</div> : null}
    </div>
  );
}
