import styles from './sort-tabs.module.css';

export interface SortTabsProps {
  /** Labels in route `sort` order: 0 latest, 1 hot, 2 collect. */
  labels: readonly string[];
  value: number;
  onChange: (sort: number) => void;
  label: string;
}

/** The 最新 / 最热 / … switch above sorted lists; the number is the route's `sort` value. */
export function SortTabs({ labels, value, onChange, label }: SortTabsProps) {
  return (
    <div className={styles.tabs} role="group" aria-label={label}>
      {labels.map((text, sort) => (
        <button
          key={text}
          type="button"
          className={styles.tab}
          aria-pressed={sort === value}
          onClick={() => sort !== value && onChange(sort)}
          data-testid="sort-tab"
        >
          {text}
        </button>
      ))}
    </div>
  );
}
