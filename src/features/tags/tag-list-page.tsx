import { Screen } from '../../components/screen.tsx';
import type { TagCategory } from '../../../protocol/content-api.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx';
import { formatCount } from '../../lib/format.ts';
import { useTagList } from './api/tag-list.ts';
import { TargetLink } from './components/target-link.tsx';
import { categoryTarget, splitSections, tagTarget } from './tag-targets.ts';
import styles from './tags.module.css';
import { useTranslation } from '../../i18n/index.ts';
import layout from '../../components/ui/page.module.css';
import grid from '../../components/ui/grid.module.css';
import chip from '../../components/ui/chip.module.css';
import hit from '../../components/ui/hit-area.module.css';
import panel from '../../components/ui/panel.module.css';

/** /tagList: every tag category with its tags, video tags and performer tags apart. */
export function TagListPage() {
  const { t } = useTranslation();
  const query = useTagList();
  return (
    <Screen title={t('app.discover')} className={styles.page} testId="tag-list-page">
      {query.isPending ? (
        <Loading className={`${grid.grid} ${styles.categories}`} count={4}>
          <Skeleton className={styles.categorySkeleton} />
        </Loading>
      ) : query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState title={t('tags.none')} />
      ) : (
        <Sections categories={query.data} />
      )}
    </Screen>
  );
}

function Sections({ categories }: { categories: TagCategory[] }) {
  const { t } = useTranslation();
  const { video, actress } = splitSections(categories);
  return (
    <>
      {video.length > 0 ? <Section id="video-tags" title={t('tags.videoTags')} categories={video} /> : null}
      {actress.length > 0 ? <Section id="actress-tags" title={t('actresses.tags')} categories={actress} /> : null}
    </>
  );
}

function Section({ id, title, categories }: { id: string; title: string; categories: TagCategory[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} data-testid={id}>
      <h2 id={id} className={layout.sectionTitle}>
        {title}
      </h2>
      <div className={`${grid.grid} ${styles.categories}`}>
        {categories.map((category) => (
          <article key={category.id} className={`${panel.panel} ${styles.category}`} data-testid="tag-category" data-category-id={category.id}>
            <h3 className={styles.categoryTitle}>
              <TargetLink target={categoryTarget(category)} className={styles.categoryLink} testId="tag-category-link">
                {category.name}
                <span className={styles.more} aria-hidden="true">
                  {t('actresses.all')} ›
                </span>
              </TargetLink>
            </h3>
            {category.tags.length > 0 ? (
              <ul className={chip.list}>
                {category.tags.map((tag) => (
                  <li key={tag.id}>
                    <TargetLink target={tagTarget(tag)} className={`${chip.chip} ${hit.area} ${styles.chip}`} testId="tag-chip">
                      {tag.name}
                      <span className={styles.chipCount}>{formatCount(tag.count)}</span>
                    </TargetLink>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.none}>{t('tags.none')}</p>
            )}
          </article>
        ))}
      </div>
    </section>
  );
}
