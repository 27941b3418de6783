import type { NavItem } from '../../protocol/api.ts';
import { navigateByBind, useAppNavigate } from '../lib/navigation.ts';
import { useConfig } from '../stores/config-store.ts';
import { useTranslation } from '../i18n/index.ts';
import styles from './category-menu.module.css';

export interface CategoryMenuProps {
  /** bindInt of the active menu item (the home category id). */
  activeId?: number;
  /** Replaces the default bindType navigation. */
  onSelect?: (item: NavItem) => void;
}

/** config.headerMenus as horizontally scrollable tabs. */
export function CategoryMenu({ activeId, onSelect }: CategoryMenuProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const navigate = useAppNavigate();
  const items = config?.headerMenus ?? [];
  if (items.length === 0) return null;
  return (
    <nav aria-label={t('app.categories')}>
      <ul className={styles.list}>
        {items.map((item) => {
          const active = item.bindInt === activeId;
          return (
            <li key={item.id}>
              <button
                type="button"
                className={active ? `${styles.item} ${styles.active}` : styles.item}
                aria-current={active ? 'page' : undefined}
                onClick={() => (onSelect ? onSelect(item) : navigateByBind(item, navigate))}
              >
                {item.name}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
