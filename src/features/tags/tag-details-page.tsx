import { useRouter } from '@tanstack/react-router';
import { CONTENT_TYPE, sortKeyOf, type ActressItem, type TagDetail } from '../../../protocol/content-api.ts';
import type { Page, VideoItem } from '../../../protocol/api.ts';
import { ActressCard, ActressCardSkeleton } from '../../components/actress-card.tsx';
import { ListFooter } from '../../components/list-footer.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SortTabs } from '../../components/sort-tabs.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { VideoRow } from '../../components/video-row.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { uniqueItems } from '../../lib/paging.ts';
import type { TagSubject } from './api/tag-keys.ts';
import { useTagDetail } from './api/tag-detail.ts';
import { TargetLink } from './components/target-link.tsx';
import { categoryTarget, siblingTarget, tagSummaryOf } from './tag-targets.ts';
import styles from './tags.module.css';
import { NotFoundPage } from '../../components/not-found-page.tsx';

const UNKNOWN_ID = 1006;
const VIDEO_SORT_LABELS = ['最新', '最热', '最多收藏'] as const;
const ACTRESS_SORT_LABELS = ['最新', '最热', '最多关注'] as const;

export interface TagDetailsPageProps {
  subject: TagSubject;
  sort: number;
}

/** /tagDetails: the videos (or performers) of one tag or one tag category, sorted and paged. */
export function TagDetailsPage({ subject, sort }: TagDetailsPageProps) {
  if (subject.tid === undefined && subject.tagCateId === undefined) return <TagNotFound />;
  return <TagDetails subject={subject} sort={sort} />;
}

function TagNotFound() {
  return (
    <NotFoundPage
      header="标签详情"
      title="标签不存在"
      description="该标签可能已下线或链接有误"
      to="/tagList"
      linkLabel="查看全部标签"
      testId="tag-not-found"
      className={styles.page}
    />
  );
}

function TagDetails({ subject, sort }: TagDetailsPageProps) {
  const router = useRouter();
  const query = useTagDetail(subject, sortKeyOf(sort));
  const first = query.data?.pages[0];

  if (query.isError && !first) {
    if (query.error instanceof ApiError && query.error.code === UNKNOWN_ID) return <TagNotFound />;
    return (
      <main className={`page ${styles.page}`}>
        <PageHeader title="标签详情" />
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      </main>
    );
  }

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
    <main className={`page ${styles.page}`} data-testid="tag-details-page">
      <PageHeader title={summary?.name ?? '标签详情'} />
      {first && summary ? (
        <header className={styles.head} data-testid="tag-head">
          <div className={styles.headText}>
            <h2 className={styles.headName}>
              <span aria-hidden="true">#</span>
              {summary.name}
            </h2>
            <p className={styles.headMeta}>
              {first.tag && first.category ? (
                <>
                  <TargetLink target={categoryTarget(first.category)} className={styles.headCategory}>
                    {first.category.name}
                  </TargetLink>
                  <span aria-hidden="true"> · </span>
                </>
              ) : (
                <span>标签分类 · </span>
              )}
              <span data-testid="tag-count">
                共 {summary.total} {actress ? '位演员' : '个视频'}
              </span>
            </p>
          </div>
          {!actress && summary.reviews ? (
            <TargetLink target={summary.reviews} className={styles.reviews} testId="tag-reviews-link">
              相关影评 ›
            </TargetLink>
          ) : null}
        </header>
      ) : (
        <div className={styles.head} aria-busy="true" aria-label="加载中">
          <div className={styles.headText}>
            <Skeleton className={styles.headSkeleton} />
            <Skeleton className={styles.headSkeletonShort} />
          </div>
        </div>
      )}
      {first?.category && first.category.tags.length > 1 ? (
        <ul className={styles.siblings} aria-label={`${first.category.name}下的标签`}>
          {first.category.tags.map((tag) => (
            <li key={tag.id}>
              <TargetLink target={siblingTarget(tag, sort)} className={styles.chip} current={tag.id === first.tag?.id} testId="tag-sibling">
                {tag.name}
              </TargetLink>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.toolbar}>
        <SortTabs label="排序" labels={actress ? ACTRESS_SORT_LABELS : VIDEO_SORT_LABELS} value={sort} onChange={changeSort} />
      </div>
      {query.isPending ? <ItemsSkeleton actress={actress} /> : <Items pages={query.data?.pages ?? []} actress={actress} query={query} />}
    </main>
  );
}

function ItemsSkeleton({ actress }: { actress: boolean }) {
  return actress ? (
    <div className={styles.actressGrid} aria-busy="true" aria-label="加载中">
      {Array.from({ length: 8 }, (_, i) => (
        <ActressCardSkeleton key={i} />
      ))}
    </div>
  ) : (
    <div className={styles.videoGrid} aria-busy="true" aria-label="加载中">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className={styles.rowSkeleton} />
      ))}
    </div>
  );
}

interface ItemsQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

function Items({ pages, actress, query }: { pages: TagDetail[]; actress: boolean; query: ItemsQuery }) {
  const footer = (
    <ListFooter
      hasNextPage={query.hasNextPage}
      isFetchingNextPage={query.isFetchingNextPage}
      isFetchNextPageError={query.isFetchNextPageError}
      fetchNextPage={query.fetchNextPage}
    />
  );
  if (actress) {
    const actresses = uniqueItems(pages.map((p) => p.actresses).filter((p): p is Page<ActressItem> => p !== null));
    if (actresses.length === 0) return <EmptyState title="暂无演员" description="这个标签下还没有演员" />;
    return (
      <section aria-label="演员">
        <div className={styles.actressGrid} data-testid="tag-actresses">
          {actresses.map((item, index) => (
            <ActressCard key={item.id} actress={item} eager={index < 4} />
          ))}
        </div>
        {footer}
      </section>
    );
  }
  const videos = uniqueItems(pages.map((p) => p.videos).filter((p): p is Page<VideoItem> => p !== null));
  if (videos.length === 0) return <EmptyState title="暂无视频" description="这个标签下还没有视频" />;
  return (
    <section aria-label="视频">
      <ul className={styles.videoGrid} data-testid="tag-videos">
        {videos.map((video) => (
          <VideoRow key={video.id} video={video} testId="tag-video" />
        ))}
      </ul>
      {footer}
    </section>
  );
}
