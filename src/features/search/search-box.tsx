import { useState, type FormEvent } from 'react';
import { addSearchRecord } from '../../stores/app-store.ts';
import { useAppNavigate } from '../../lib/navigation.ts';
import styles from './search.module.css';
import { useTranslation } from '../../i18n/index.ts';
import button from '../../components/ui/button.module.css';

/** Keyword input shared by the search page and the results page; a search is remembered in history. */
export function useRunSearch() {
  const navigate = useAppNavigate();
  return (term: string) => {
    const keyword = term.trim();
    if (!keyword) return;
    addSearchRecord(keyword);
    navigate('/searchResult', { keyword });
  };
}

export function SearchBox({ initial = '', autoFocus = false }: { initial?: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const run = useRunSearch();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(value);
  };
  return (
    <form className={styles.box} role="search" onSubmit={submit}>
      <input
        className={styles.input}
        type="search"
        name="keyword"
        aria-label={t('search.keyword')}
        placeholder={t('app.searchVideos')}
        enterKeyHint="search"
        maxLength={50}
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <button className={`${button.primary} ${button.small}`} type="submit" disabled={!value.trim()}>
        {t('app.search')}
      </button>
    </form>
  );
}
