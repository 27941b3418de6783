import { useLayoutEffect, useRef, useState } from 'react';
import type { NavItem } from '../../protocol/api.ts';
import { navigateByBind, useAppNavigate } from '../lib/navigation.ts';
import { useConfig } from '../stores/config-store.ts';
import { useIsPc } from '../stores/layout-store.ts';
import { useTranslation } from '../i18n/index.ts';
import { listen } from '../lib/listen.ts';
import { fittingCount } from './menu-fit.ts';
import { MoreMenu } from './safety/more-menu.tsx';
import styles from './category-menu.module.css';

export interface CategoryMenuProps {
  /** bindInt of the active menu item (the home category id). */
  activeId?: number;
  /** Replaces the default bindType navigation. */
  onSelect?: (item: NavItem) => void;
}

/**
 * config.headerMenus: on phones a row that scrolls sideways (its edges fade where more items lie
 * beyond); on desktop the items that fit the header's free width, measured as it changes, and the
 * rest in a 更多 menu.
 */
export function CategoryMenu({ activeId, onSelect }: CategoryMenuProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const navigate = useAppNavigate();
  const isPc = useIsPc();
  const items = config?.headerMenus ?? [];
  if (items.length === 0) return null;
  const select = (item: NavItem) => (onSelect ? onSelect(item) : navigateByBind(item, navigate));
  const menu = { items, activeId, select, label: t('app.categories') };
  return isPc ? <CollapsingMenu {...menu} /> : <ScrollingMenu {...menu} />;
}

interface MenuParts {
  items: readonly NavItem[];
  activeId?: number;
  select: (item: NavItem) => void;
  label: string;
}

function ItemButton({ item, active, select }: { item: NavItem; active: boolean; select: (item: NavItem) => void }) {
  return (
    <button
      type="button"
      className={active ? `${styles.item} ${styles.active}` : styles.item}
      aria-current={active ? 'page' : undefined}
      onClick={() => select(item)}
    >
      {item.name}
    </button>
  );
}

/** Scrolls the row (scrollIntoView would move the page too) so that its active item is in view. */
function bringActiveIntoView(row: HTMLElement): void {
  const active = row.querySelector<HTMLElement>('[aria-current="page"]');
  if (!active) return;
  const left = active.offsetLeft - row.offsetLeft;
  if (left < row.scrollLeft || left + active.offsetWidth > row.scrollLeft + row.clientWidth) row.scrollLeft = left - (row.clientWidth - active.offsetWidth) / 2;
}

/** Phones: every item in a row that scrolls, with the active one brought into view. */
function ScrollingMenu({ items, activeId, select, label }: MenuParts) {
  const list = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });

  // Measured in the ResizeObserver's first report, which comes after the browser's own layout:
  // measuring in the effect forced a layout of the whole page in the middle of its first render
  // (25 ms on this machine, 100 ms on Lighthouse's phone).
  useLayoutEffect(() => {
    const row = list.current;
    if (!row) return;
    const update = () => {
      const start = row.scrollLeft > 1;
      const end = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
    };
    let first = true;
    const observer = new ResizeObserver(() => {
      if (first) bringActiveIntoView(row);
      first = false;
      update();
    });
    observer.observe(row);
    const stop = listen(row, { scroll: update });
    return () => {
      observer.disconnect();
      stop();
    };
  }, []);

  // A later choice (the first is brought into view by the observer above).
  const chosen = useRef(false);
  useLayoutEffect(() => {
    if (!chosen.current) {
      chosen.current = true;
      return;
    }
    if (list.current) bringActiveIntoView(list.current);
  }, [activeId]);

  return (
    <nav aria-label={label}>
      <ul ref={list} className={styles.list} data-fade-start={edges.start || undefined} data-fade-end={edges.end || undefined}>
        {items.map((item) => (
          <li key={item.id}>
            <ItemButton item={item} active={item.bindInt === activeId} select={select} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Desktop: as many items as the header leaves room for, then 更多 with the rest. A hidden copy of
 * the row measures every item (and 更多) once; a ResizeObserver on the menu's box re-fits on every
 * change of the free width (window, search box, user name) and of the copy (fonts arriving).
 */
function CollapsingMenu({ items, activeId, select, label }: MenuParts) {
  const { t } = useTranslation();
  const box = useRef<HTMLElement>(null);
  const ruler = useRef<HTMLUListElement>(null);
  const [shown, setShown] = useState(items.length);

  useLayoutEffect(() => {
    const nav = box.current;
    const copy = ruler.current;
    if (!nav || !copy) return;
    const fit = () => {
      const widths = [...copy.children].map((cell) => cell.getBoundingClientRect().width);
      const moreWidth = widths.pop() ?? 0;
      const gap = parseFloat(getComputedStyle(copy).columnGap) || 0;
      setShown(fittingCount(widths, moreWidth, gap, nav.clientWidth));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(nav);
    observer.observe(copy);
    return () => observer.disconnect();
  }, [items]);

  const rest = items.slice(shown);
  const activeInRest = rest.some((item) => item.bindInt === activeId);
  return (
    <nav ref={box} aria-label={label} className={styles.collapsing} data-testid="category-menu" data-shown={shown}>
      <ul className={styles.list}>
        {items.slice(0, shown).map((item) => (
          <li key={item.id}>
            <ItemButton item={item} active={item.bindInt === activeId} select={select} />
          </li>
        ))}
        {rest.length > 0 ? (
          <li>
            <MoreMenu
              label={t('chrome.moreCategories')}
              className={activeInRest ? `${styles.item} ${styles.more} ${styles.active}` : `${styles.item} ${styles.more}`}
              testId="category-more"
              items={rest.map((item) => ({ key: String(item.id), label: item.name, current: item.bindInt === activeId, onSelect: () => select(item) }))}
            >
              <MoreLabel text={t('chrome.more')} />
            </MoreMenu>
          </li>
        ) : null}
      </ul>
      <div className={styles.rulerBox} aria-hidden="true">
        <ul ref={ruler} className={`${styles.list} ${styles.ruler}`}>
          {items.map((item) => (
            <li key={item.id}>
              <span className={styles.item}>{item.name}</span>
            </li>
          ))}
          <li>
            <span className={`${styles.item} ${styles.more}`}>
              <MoreLabel text={t('chrome.more')} />
            </span>
          </li>
        </ul>
      </div>
    </nav>
  );
}

function MoreLabel({ text }: { text: string }) {
  return (
    <>
      {text}
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
        <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </>
  );
}
