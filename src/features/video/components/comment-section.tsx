import { TabList } from '../../../components/ui/tab-list.tsx';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Loading, Skeleton } from '../../../components/ui/skeleton.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { formatCount, formatRelativeTime } from '../../../lib/format.ts';
import { useVideoComments, type CommentSort } from '../api/video-comments.ts';
import styles from './comment-section.module.css';
import { useTranslation } from '../../../i18n/index.ts';
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
        <TabList
          tabs={TABS.map((tab) => ({ key: tab.sort, label: t(tab.label) }))}
          selected={sort}
          onSelect={setSort}
          label={t('video.commentSort')}
          className={pills.tabs}
          tabClassName={pills.tab}
          selectedClassName={styles.tabActive}
        />
      </div>
      <PagedList
        query={query}
        label={t('video.comments')}
        loading={
          <Loading>
            <Skeleton className={styles.skeleton} />
            <Skeleton className={styles.skeleton} />
          </Loading>
        }
        failedTitle={t('video.commentsFailed')}
        empty={<EmptyState title={t('video.noComments')} />}
        moreLabel={t('video.moreComments')}
      >
        {(comments) => (
          <ul className={styles.list}>
            {comments.map((comment) => (
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
        )}
      </PagedList>
    </section>
  );
}
