import { Screen } from '../../components/screen.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { Loading } from '../../components/ui/skeleton.tsx';
import { useRouter } from '@tanstack/react-router';
import { sortKeyOf } from '../../../protocol/content-api.ts';
import { ActressCard, actressCardGrid, ActressCardSkeleton } from '../../components/actress-card.tsx';
import { SortTabs } from '../../components/sort-tabs.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { hrefOf } from '../../lib/navigation.ts';
import type { ActressFilter } from './api/actress-keys.ts';
import { useActressList } from './api/actress-list.ts';
import { useActressTags } from './api/actress-tags.ts';
import { FilterChips } from './components/filter-chips.tsx';
import { filterTitle } from './filter.ts';
import styles from './actress.module.css';
import { useTranslation } from '../../i18n/index.ts';

export const ACTRESS_SORT_LABELS = ['latest', 'hot', 'mostFollowed'] as const;

export interface ActressListPageProps {
  filter: ActressFilter;
  sort: number;
}

/** /actressList: performers filtered by a tag or tag category, in one of three orders, paged as you scroll. */
export function ActressListPage({ filter, sort }: ActressListPageProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const tags = useActressTags();
  const title = (tags.data && filterTitle(tags.data, filter)) ?? t('actresses.title');

  // The order lives in the query so the kept-alive page comes back in it; switching is not a new page.
  const changeSort = (next: number) =>
    router.history.replace(
      hrefOf('/actressList', { tid: filter.tid, tagCateId: filter.tid === undefined ? filter.tagCateId : undefined, sort: next || undefined }),
    );

  return (
    <Screen title={title} className={styles.page} testId="actress-list-page">
      <FilterChips query={tags} filter={filter} sort={sort} />
      <div className={styles.toolbar}>
        <SortTabs label={t('actresses.sort')} labels={ACTRESS_SORT_LABELS} value={sort} onChange={changeSort} />
      </div>
      <ActressGrid filter={filter} sort={sort} />
    </Screen>
  );
}

function ActressGrid({ filter, sort }: ActressListPageProps) {
  const { t } = useTranslation();
  const query = useActressList(filter, sortKeyOf(sort));
  const loading = (
    <Loading className={actressCardGrid} testId="actress-grid-loading" count={8}>
      <ActressCardSkeleton />
    </Loading>
  );
  const empty = (
    <div data-testid="actress-grid-empty">
      <EmptyState title={t('actresses.empty')} description={t('actresses.emptyHint')} />
    </div>
  );
  return (
    <PagedList query={query} label={t('actresses.list')} loading={loading} empty={empty}>
      {(actresses) => (
        <div className={actressCardGrid} data-testid="actress-grid">
          {actresses.map((actress, index) => (
            <ActressCard key={actress.id} actress={actress} eager={index < 4} heading="h2" />
          ))}
          {query.isFetchingNextPage && Array.from({ length: 4 }, (_, i) => <ActressCardSkeleton key={`more-${i}`} />)}
        </div>
      )}
    </PagedList>
  );
}
