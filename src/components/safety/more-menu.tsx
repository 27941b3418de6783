import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './more-menu.module.css';

export interface MoreMenuItem {
  key: string;
  label: string;
  onSelect: () => void;
  testId?: string;
  /** The item is where the visitor is (aria-current="page"), e.g. the category shown. */
  current?: boolean;
}

export interface MoreMenuProps {
  /** What the button says to assistive technology (更多操作). */
  label: string;
  items: MoreMenuItem[];
  className?: string;
  testId?: string;
  /** What the button shows instead of the "⋯" icon, e.g. the word 更多. */
  children?: ReactNode;
}

/** Space between the button and the menu, and from the window's edges. */
const GAP = 4;

/**
 * A "⋯" button opening a small menu of actions. The menu is a native popover (top layer, light
 * dismiss, Esc), placed under the button (above it near the bottom of the window); focus moves to
 * its first item, arrows, Home and End move between items, Tab closes it, and focus returns to the
 * button when it closes. The button is 44 px square on phones.
 */
export function MoreMenu({ label, items, className, testId, children }: MoreMenuProps) {
  const menuId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const element = menu.current;
    if (!element) return;
    const onToggle = (event: Event) => {
      const opened = (event as ToggleEvent).newState === 'open';
      setOpen(opened);
      if (!opened) return;
      place(element, trigger.current);
      element.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    };
    element.addEventListener('toggle', onToggle);
    return () => element.removeEventListener('toggle', onToggle);
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => {
      event.preventDefault();
      entries[(index + entries.length) % entries.length]?.focus();
    };
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(entries.length - 1);
    else if (event.key === 'Tab') menu.current?.hidePopover();
  }

  function select(item: MoreMenuItem) {
    // Closing first returns focus to the button, so a dialog the item opens returns it there too.
    menu.current?.hidePopover();
    trigger.current?.focus();
    item.onSelect();
  }

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={`${styles.trigger} ${className ?? ''}`}
        popoverTarget={menuId}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={label}
        data-testid={testId}
      >
        {children ?? (
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <circle cx="5" cy="12" r="1.8" fill="currentColor" />
            <circle cx="12" cy="12" r="1.8" fill="currentColor" />
            <circle cx="19" cy="12" r="1.8" fill="currentColor" />
          </svg>
        )}
      </button>
      <div ref={menu} id={menuId} popover="auto" role="menu" aria-label={label} className={styles.menu} onKeyDown={onKeyDown}>
        {items.map((item) => (
          <button
            key={item.key}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={item.current ? `${styles.item} ${styles.current}` : styles.item}
            aria-current={item.current ? 'page' : undefined}
            onClick={() => select(item)}
            data-testid={item.testId}
          >
            {item.label}
          </button>
        ))}
      </div>
    </>
  );
}

/** Puts the open menu under the button's right edge, or above it when there is no room below. */
function place(menu: HTMLElement, button: HTMLElement | null) {
  if (!button) return;
  const anchor = button.getBoundingClientRect();
  const { offsetWidth: width, offsetHeight: height } = menu;
  const left = Math.min(Math.max(GAP, anchor.right - width), window.innerWidth - width - GAP);
  const below = anchor.bottom + GAP;
  const top = below + height + GAP > window.innerHeight && anchor.top - height - GAP > 0 ? anchor.top - height - GAP : below;
  menu.style.left = `${Math.round(left)}px`;
  menu.style.top = `${Math.round(top)}px`;
}
