import { useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useSnapshot } from 'valtio';
import { Highlighted } from '../../components/highlighted.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { appStore, clearSearchRecord } from '../../stores/app-store.ts';
import { useHotSearches } from './api/hot-searches.ts';
import styles from './header-search.module.css';
import { useRunSearch } from './run-search.ts';
import { suggestionsFor, type Suggestion } from './suggestions.ts';

/** The keyword of /searchResult, which the box shows there; elsewhere nothing. */
function useResultKeyword(): string {
  return useRouterState({
    select: (state) => {
      if (state.location.pathname !== '/searchResult') return '';
      const keyword = (state.location.search as { keyword?: unknown }).keyword;
      return typeof keyword === 'string' || typeof keyword === 'number' ? String(keyword) : '';
    },
  });
}

/**
 * The desktop header's search box: a combobox (WAI-ARIA 1.2, list autocomplete with manual
 * selection) whose popup suggests the device's recent searches and the hot searches, narrowed to
 * what is typed. Focus stays in the box: the arrow keys move the active option
 * (aria-activedescendant), Enter searches for it or for the text, Escape closes the popup (and
 * then clears the box); focus leaving the form or a click elsewhere closes it. Below the options,
 * 清空搜索历史 (Tab reaches it after the search button). On /searchResult the box shows the keyword.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const keyword = useResultKeyword();
  const [value, setValue] = useState(keyword);
  // A new results address puts its keyword in the box (and leaving results empties it).
  const [shown, setShown] = useState(keyword);
  if (shown !== keyword) {
    setShown(keyword);
    setValue(keyword);
  }
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Hot searches are asked for once the box is first opened, not by every page's first paint.
  const [wanted, setWanted] = useState(false);
  const hot = useHotSearches(0, wanted);
  const { searchRecord } = useSnapshot(appStore);
  const options = suggestionsFor(value, searchRecord, hot.data?.list ?? []);
  const expanded = open && options.length > 0;
  const run = useRunSearch();
  const base = useId();
  const listId = `${base}-list`;
  const optionId = (index: number) => `${base}-option-${index}`;
  const activeId = expanded && active >= 0 && active < options.length ? optionId(active) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const show = () => {
    setWanted(true);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const search = (term: string) => {
    const text = term.trim();
    if (!text) return;
    close();
    setValue(text);
    run(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        show();
        if (options.length === 0) return;
        if (!expanded) {
          setActive(step === 1 ? 0 : options.length - 1);
          return;
        }
        // From the box down to the first option, up from the first back to the box (-1), round again.
        setActive((current) => {
          const next = current + step;
          if (next >= options.length) return -1;
          if (next < -1) return options.length - 1;
          return next;
        });
        return;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          close();
        } else if (value) {
          event.preventDefault();
          setValue('');
        }
        return;
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = activeId ? options[active] : undefined;
    search(chosen ? chosen.keyword : value);
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) close();
  };

  const history = options.filter((option) => option.kind === 'history');
  const hotOptions = options.filter((option) => option.kind === 'hot');
  const renderOption = (option: Suggestion, index: number) => (
    <div
      key={`${option.kind} ${option.keyword}`}
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      className={styles.option}
      data-testid="search-suggestion"
      data-kind={option.kind}
      data-keyword={option.keyword}
      onClick={() => search(option.keyword)}
    >
      {option.kind === 'hot' ? (
        <span className={styles.rank} data-top={(option.rank ?? 99) <= 3 || undefined} aria-hidden="true">
          {option.rank}
        </span>
      ) : (
        <svg className={styles.icon} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M12 7.5V12l3 2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      )}
      <span className={styles.text}>
        <Highlighted text={option.keyword} keyword={value.trim()} />
      </span>
    </div>
  );

  return (
    <form className={styles.form} role="search" aria-label={t('app.searchVideos')} onSubmit={submit} onBlur={onBlur} data-testid="header-search">
      <input
        className={styles.input}
        type="text"
        name="keyword"
        role="combobox"
        aria-label={t('search.keyword')}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeId}
        placeholder={t('app.searchVideos')}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={50}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setActive(-1);
          show();
        }}
        onFocus={show}
        onClick={show}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className={styles.submit} aria-label={t('app.search')}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {/* Pressing in the popup keeps focus in the box; a click on an option then searches. */}
      <div className={styles.popup} hidden={!expanded} onMouseDown={(event) => event.preventDefault()} data-testid="search-suggestions">
        <div id={listId} role="listbox" aria-label={t('searchBar.suggestions')}>
          {history.length > 0 ? (
            <div role="group" aria-label={t('search.history')} className={styles.group}>
              <div className={styles.groupLabel} aria-hidden="true">
                {t('search.history')}
              </div>
              {history.map((option, i) => renderOption(option, i))}
            </div>
          ) : null}
          {hotOptions.length > 0 ? (
            <div role="group" aria-label={t('search.hot')} className={styles.group}>
              <div className={styles.groupLabel} aria-hidden="true">
                {t('search.hot')}
              </div>
              {hotOptions.map((option, i) => renderOption(option, history.length + i))}
            </div>
          ) : null}
        </div>
        {history.length > 0 ? (
          <button type="button" className={styles.clear} onClick={() => clearSearchRecord()}>
            {t('searchBar.clearHistory')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
