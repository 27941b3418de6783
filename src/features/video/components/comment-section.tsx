import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatCount, formatRelativeTime } from '../../../lib/format.ts';
import { useVideoComments, type CommentSort } from '../api/video-comments.ts';
import styles from './comment-section.module.css';
import { useTranslation } from '../../../i18n/index.ts';
import button from '../../../components/ui/button.module.css';
import pills from '../../../components/ui/pill-tabs.module.css';
import section from './video-section.module.css';

const TABS = [
  { sort: 'hot', label: 'sort.hot' },
  { sort: 'latest', label: 'sort.latest' },
] as const satisfies readonly { sort: CommentSort; label: string }[];

/** Comments under the video, most liked or newest first; text is rendered as text. */
export function CommentSection({ videoId, total }: { videoId: number; total: number }) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<CommentSort>('hot');
  const query = useVideoComments(videoId, sort);
  return (
    <section className={section.section} aria-labelledby="comments-heading" data-testid="comments">
      <div className={section.head}>
        <h2 id="comments-heading" className={section.heading}>
          {t('video.comments')} <span className={section.count}>{formatCount(total)}</span>
        </h2>
        <div className={pills.tabs} role="tablist" aria-label={t('video.commentSort')}>
          {TABS.map((tab) => (
            <button
              key={tab.sort}
              type="button"
              role="tab"
              aria-selected={sort === tab.sort}
              className={sort === tab.sort ? `${pills.tab} ${styles.tabActive}` : pills.tab}
              onClick={() => setSort(tab.sort)}
            >
              {t(tab.label)}
            </button>
          ))}
        </div>
      </div>
      {query.isPending ? (
        <div aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton className={styles.skeleton} />
          <Skeleton className={styles.skeleton} />
        </div>
      ) : query.isError ? (
        <EmptyState
          title={t('video.commentsFailed')}
          action={
            <button type="button" className={button.small} onClick={() => void query.refetch()}>
              {t('common.retry')}
            </button>
          }
        />
      ) : (
        <>
          {query.data.pages[0]?.total === 0 ? <EmptyState title={t('video.noComments')} /> : null}
          <ul className={styles.list}>
            {query.data.pages
              .flatMap((page) => page.list)
              .map((comment) => (
                <li key={comment.id} className={styles.item} data-testid="comment-item" data-likes={comment.likeCount}>
                  <span className={styles.avatar} aria-hidden="true">
                    {comment.user.nickname.slice(0, 1)}
                  </span>
                  <div className={styles.body}>
                    <p className={styles.meta}>
                      <span className={styles.name}>{comment.user.nickname}</span>
                      <time dateTime={comment.createdAt}>{formatRelativeTime(comment.createdAt)}</time>
                    </p>
                    <p className={styles.content}>{comment.content}</p>
                    <p className={styles.likes}>♥ {formatCount(comment.likeCount)}</p>
                  </div>
                </li>
              ))}
          </ul>
          {query.hasNextPage ? (
            <button type="button" className={button.block} disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {query.isFetchingNextPage ? t('common.loadingMore') : t('video.moreComments')}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
