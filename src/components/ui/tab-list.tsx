import type { KeyboardEvent, ReactNode } from 'react';

export interface TabItem<K extends string | number> {
  key: K;
  label: ReactNode;
  testId?: string;
}

export interface TabListProps<K extends string | number> {
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** Names the tab list when no heading does. */
  label?: string;
  className?: string;
  tabClassName?: string;
  /** Added to the selected tab's class when the look is not driven by aria-selected. */
  selectedClassName?: string;
  /** When the tabs control one panel: tab ids are `${idBase}-tab-${key}`, the panel's id `${idBase}-panel`. */
  idBase?: string;
}

/** ARIA tabs: one selected, arrow keys move between them (WAI-ARIA tabs pattern, automatic activation). */
export function TabList<K extends string | number>({ tabs, selected, onSelect, label, className, tabClassName, selectedClassName, idBase }: TabListProps<K>) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const index = tabs.findIndex((tab) => tab.key === selected);
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    event.preventDefault();
    onSelect(next.key);
    event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')[tabs.indexOf(next)]?.focus();
  };
  return (
    <div className={className} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const on = tab.key === selected;
        return (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={idBase ? tabId(idBase, tab.key) : undefined}
            aria-selected={on}
            aria-controls={idBase ? `${idBase}-panel` : undefined}
            tabIndex={on ? 0 : -1}
            className={on && selectedClassName ? `${tabClassName ?? ''} ${selectedClassName}` : tabClassName}
            onClick={() => !on && onSelect(tab.key)}
            data-testid={tab.testId}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

/** The id of a tab, for the panel's aria-labelledby. */
export function tabId(idBase: string, key: string | number): string {
  return `${idBase}-tab-${key}`;
}
