import type { UseQueryResult } from '@tanstack/react-query';
import type { TagCategory } from '../../../../protocol/content-api.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAppNavigate } from '../../../lib/navigation.ts';
import type { ActressFilter } from '../api/actress-keys.ts';
import { chipSearch, filterRows, isActiveChip } from '../filter.ts';
import styles from '../actress.module.css';
import { useTranslation } from '../../../i18n/index.ts';
import chipStyle from '../../../components/ui/chip.module.css';

/** Performer tag filter: 全部, then each category and its tags; the current query is highlighted. */
export function FilterChips({ query, filter, sort }: { query: UseQueryResult<TagCategory[]>; filter: ActressFilter; sort: number }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  if (query.isPending) {
    return (
      <div className={styles.filters} aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton className={styles.chipRowSkeleton} />
        <Skeleton className={styles.chipRowSkeleton} />
      </div>
    );
  }
  // The list works without its filter: a failed tag list only hides the chips.
  if (query.isError) return null;
  return (
    <nav className={styles.filters} aria-label={t('actresses.tags')} data-testid="actress-filters">
      {filterRows(query.data).map((row) => (
        <ul key={row.key} className={chipStyle.row}>
          {row.chips.map((chip) => {
            const active = isActiveChip(chip, filter);
            return (
              <li key={chip.key}>
                <button
                  type="button"
                  className={`${chip.kind === 'category' ? chipStyle.outline : chipStyle.quiet} ${styles.chip}`}
                  aria-current={active ? 'true' : undefined}
                  data-testid="actress-filter-chip"
                  data-kind={chip.kind}
                  onClick={() => !active && navigate('/actressList', chipSearch(chip, sort))}
                >
                  {chip.label}
                </button>
              </li>
            );
          })}
        </ul>
      ))}
    </nav>
  );
}
