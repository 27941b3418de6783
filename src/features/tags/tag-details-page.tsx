import { FailedScreen, Screen } from '../../components/screen.tsx';
import { useRouter } from '@tanstack/react-router';
import { CONTENT_TYPE, sortKeyOf, type ActressItem, type TagDetail } from '../../../protocol/content-api.ts';
import type { Page, VideoItem } from '../../../protocol/api.ts';
import { ActressCard, actressCardGrid, ActressCardSkeleton } from '../../components/actress-card.tsx';
import { ListFooter, type ListFooterProps } from '../../components/list-footer.tsx';
import { SortTabs } from '../../components/sort-tabs.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx';
import { VideoRow, VideoRowList, VideoRowListSkeleton } from '../../components/video-row.tsx';
import { hrefOf } from '../../lib/navigation.ts';
import { uniqueItems } from '../../lib/paging.ts';
import type { TagSubject } from './api/tag-keys.ts';
import { useTagDetail } from './api/tag-detail.ts';
import { TargetLink } from './components/target-link.tsx';
import { categoryTarget, siblingTarget, tagSummaryOf } from './tag-targets.ts';
import styles from './tags.module.css';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { useTranslation } from '../../i18n/index.ts';
import chip from '../../components/ui/chip.module.css';
import hit from '../../components/ui/hit-area.module.css';
import tagHead from '../../components/tag-heading.module.css';

const VIDEO_SORT_LABELS = ['latest', 'hot', 'mostFavourited'] as const;
const ACTRESS_SORT_LABELS = ['latest', 'hot', 'mostFollowed'] as const;

export interface TagDetailsPageProps {
  subject: TagSubject;
  sort: number;
}

/** /tagDetails: the videos (or performers) of one tag or one tag category, sorted and paged. */
export function TagDetailsPage({ subject, sort }: TagDetailsPageProps) {
  if (subject.tid === undefined && subject.tagCateId === undefined) return <TagNotFound />;
  return <TagDetails subject={subject} sort={sort} />;
}

const TagNotFound = () => <NotFoundPage ns="tags" header="tags.detail" to="/tagList" link="tags.browseAll" testId="tag-not-found" className={styles.page} />;

function TagDetails({ subject, sort }: TagDetailsPageProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const query = useTagDetail(subject, sortKeyOf(sort));
  const first = query.data?.pages[0];

  if (query.isError && !first) return <FailedScreen title={t('tags.detail')} className={styles.page} query={query} notFound={<TagNotFound />} />;

  const summary = first ? tagSummaryOf(first) : null;
  const actress = (summary?.contentType ?? subject.contentType) === CONTENT_TYPE.ACTRESS;
  // The order lives in the query (SPEC §2: tid, sort, contentType); switching it is not a new page.
  const changeSort = (next: number) =>
    router.history.replace(
      hrefOf(
        '/tagDetails',
        subject.tid !== undefined
          ? { tid: subject.tid, sort: next || undefined, contentType: subject.contentType }
          : { tagCateId: subject.tagCateId, sort: next || undefined },
      ),
    );

  return (
    <Screen title={summary?.name ?? t('tags.detail')} className={styles.page} testId="tag-details-page">
      {first && summary ? (
        <header className={styles.head} data-testid="tag-head">
          <div className={styles.headText}>
            <h2 className={styles.headName}>
              <span className={tagHead.hash} aria-hidden="true">
                #
              </span>
              {summary.name}
            </h2>
            <p className={tagHead.meta}>
              {first.tag && first.category ? (
                <>
                  <TargetLink target={categoryTarget(first.category)} className={`${tagHead.category} ${styles.headCategory}`}>
                    {first.category.name}
                  </TargetLink>
                  <span aria-hidden="true"> · </span>
                </>
              ) : (
                <span>{t('tags.category')} · </span>
              )}
              <span data-testid="tag-count">{actress ? t('tags.actressTotal', { total: summary.total }) : t('tags.videoTotal', { total: summary.total })}</span>
            </p>
          </div>
          {!actress && summary.reviews ? (
            <TargetLink target={summary.reviews} className={`${styles.reviews} ${hit.area}`} testId="tag-reviews-link">
              {t('tags.reviews')} ›
            </TargetLink>
          ) : null}
        </header>
      ) : (
        <div className={styles.head} aria-busy="true" aria-label={t('common.loading')}>
          <div className={styles.headText}>
            <Skeleton className={styles.headSkeleton} />
            <Skeleton className={styles.headSkeletonShort} />
          </div>
        </div>
      )}
      {first?.category && first.category.tags.length > 1 ? (
        <ul className={`${chip.row} ${styles.siblings}`} aria-label={t('tags.inCategory', { name: first.category.name })}>
          {first.category.tags.map((tag) => (
            <li key={tag.id}>
              <TargetLink
                target={siblingTarget(tag, sort)}
                className={`${chip.chip} ${hit.area} ${styles.chip}`}
                current={tag.id === first.tag?.id}
                testId="tag-sibling"
              >
                {tag.name}
              </TargetLink>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.toolbar}>
        <SortTabs label={t('actresses.sort')} labels={actress ? ACTRESS_SORT_LABELS : VIDEO_SORT_LABELS} value={sort} onChange={changeSort} />
      </div>
      {query.isPending ? <ItemsSkeleton actress={actress} /> : <Items pages={query.data?.pages ?? []} actress={actress} query={query} />}
    </Screen>
  );
}

function ItemsSkeleton({ actress }: { actress: boolean }) {
  return actress ? (
    <Loading className={actressCardGrid} count={8}>
      <ActressCardSkeleton />
    </Loading>
  ) : (
    <VideoRowListSkeleton count={6} grid />
  );
}

function Items({ pages, actress, query }: { pages: TagDetail[]; actress: boolean; query: ListFooterProps }) {
  const { t } = useTranslation();
  const footer = <ListFooter query={query} />;
  if (actress) {
    const actresses = uniqueItems(pages.map((p) => p.actresses).filter((p): p is Page<ActressItem> => p !== null));
    if (actresses.length === 0) return <EmptyState title={t('actresses.empty')} description={t('tags.noActresses')} />;
    return (
      <section aria-label={t('video.actresses')}>
        <div className={actressCardGrid} data-testid="tag-actresses">
          {actresses.map((item, index) => (
            <ActressCard key={item.id} actress={item} eager={index < 4} />
          ))}
        </div>
        {footer}
      </section>
    );
  }
  const videos = uniqueItems(pages.map((p) => p.videos).filter((p): p is Page<VideoItem> => p !== null));
  if (videos.length === 0) return <EmptyState title={t('home.noVideos')} description={t('tags.noVideos')} />;
  return (
    <section aria-label={t('search.videos')}>
      <VideoRowList grid testId="tag-videos">
        {videos.map((video) => (
          <VideoRow key={video.id} video={video} testId="tag-video" />
        ))}
      </VideoRowList>
      {footer}
    </section>
  );
}
