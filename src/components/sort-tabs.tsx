import styles from './sort-tabs.module.css';
import { useTranslation } from '../i18n/index.ts';
import type { Catalogue } from '../i18n/zh-CN.ts';
import pills from './ui/pill-tabs.module.css';
import hit from './ui/hit-area.module.css';

export interface SortTabsProps {
  /** Catalogue keys of the labels, in route `sort` order: 0 latest, 1 hot, 2 collect. */
  labels: readonly (keyof Catalogue['sort'])[];
  value: number;
  onChange: (sort: number) => void;
  label: string;
}

/** The 最新 / 最热 / … switch above sorted lists; the number is the route's `sort` value. */
export function SortTabs({ labels, value, onChange, label }: SortTabsProps) {
  const { t } = useTranslation();
  return (
    <div className={`${pills.tabs} ${styles.tabs}`} role="group" aria-label={label}>
      {labels.map((text, sort) => (
        <button
          key={text}
          type="button"
          className={`${pills.tab} ${styles.tab} ${hit.area}`}
          aria-pressed={sort === value}
          onClick={() => sort !== value && onChange(sort)}
          data-testid="sort-tab"
        >
          {t(`sort.${text}`)}
        </button>
      ))}
    </div>
  );
}
