import { useState, type FormEvent } from 'react';
import { useRunSearch } from './run-search.ts';
import styles from './search.module.css';
import { useTranslation } from '../../i18n/index.ts';
import button from '../../components/ui/button.module.css';

/** Keyword input of the phone's search page and results page; a search is remembered in history. */
export function SearchBox({ initial = '', autoFocus = false }: { initial?: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const run = useRunSearch();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(value);
  };
  return (
    <form className={styles.box} role="search" aria-label={t('app.searchVideos')} onSubmit={submit}>
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
