import { Screen } from '../../components/screen.tsx';
import { useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useIsPc } from '../../stores/layout-store.ts';
import { appStore, clearSearchRecord } from '../../stores/app-store.ts';
import { useHotSearches } from './api/hot-searches.ts';
import { SearchBox } from './search-box.tsx';
import { useRunSearch } from './run-search.ts';
import styles from './search.module.css';
import { useTranslation } from '../../i18n/index.ts';
import button from '../../components/ui/button.module.css';
import chip from '../../components/ui/chip.module.css';

/**
 * /searchPage (and old /pcSearchPage links): the keyword box, the device's search history and hot
 * searches. On desktop the header's box is the one to type in, so the page lists the other two.
 */
export function SearchPage({ keyword }: { keyword?: string }) {
  const { t } = useTranslation();
  const isPc = useIsPc();
  return (
    <Screen title={t('app.search')}>
      <div className={styles.page}>
        {isPc ? null : <SearchBox initial={keyword} autoFocus />}
        <SearchHistory />
        <HotSearches />
      </div>
    </Screen>
  );
}

function SearchHistory() {
  const { t } = useTranslation();
  const { searchRecord } = useSnapshot(appStore);
  const run = useRunSearch();
  const [confirming, setConfirming] = useState(false);
  if (searchRecord.length === 0) return null;
  return (
    <Section
      id="search-history-heading"
      title={t('search.history')}
      action={
        confirming ? (
          <span className={styles.confirm}>
            <button type="button" className={button.small} onClick={() => setConfirming(false)}>
              {t('search.cancel')}
            </button>
            <button
              type="button"
              className={`${button.primary} ${button.small}`}
              onClick={() => {
                clearSearchRecord();
                setConfirming(false);
              }}
            >
              {t('search.confirmClear')}
            </button>
          </span>
        ) : (
          <button type="button" className={styles.link} onClick={() => setConfirming(true)}>
            {t('search.clear')}
          </button>
        )
      }
    >
      <ul className={chip.list} data-testid="search-history">
        {searchRecord.map((term) => (
          <li key={term}>
            <button type="button" className={styles.chip} onClick={() => run(term)}>
              {term}
            </button>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function HotSearches() {
  const { t } = useTranslation();
  const [after, setAfter] = useState(0);
  const query = useHotSearches(after);
  return (
    <Section
      id="hot-search-heading"
      title={t('search.hot')}
      action={
        <button type="button" className={styles.link} disabled={!query.data} onClick={() => query.data && setAfter(query.data.batch)}>
          {t('search.another')}
        </button>
      }
    >
      <HotList query={query} />
    </Section>
  );
}

function HotList({ query }: { query: ReturnType<typeof useHotSearches> }) {
  const { t } = useTranslation();
  const run = useRunSearch();
  if (query.isPending) {
    return (
      <ol className={styles.hot} aria-busy="true">
        {Array.from({ length: 10 }, (_, i) => (
          <li key={i}>
            <Skeleton className={styles.hotSkeleton} />
          </li>
        ))}
      </ol>
    );
  }
  if (query.isError) {
    return (
      <button type="button" className={button.small} onClick={() => void query.refetch()}>
        {t('common.retry')}
      </button>
    );
  }
  return (
    <ol className={styles.hot} data-testid="hot-searches">
      {query.data.list.map((item) => (
        <li key={item.id}>
          <button type="button" className={styles.hotItem} onClick={() => run(item.keyword)}>
            <span className={styles.rank} data-top={item.rank <= 3 || undefined}>
              {item.rank}
            </span>
            <span className={styles.keyword}>{item.keyword}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}

/** A block of the search page: its heading, an action beside it, and its content. */
function Section({ id, title, action, children }: { id: string; title: string; action: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 id={id} className={styles.heading}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
