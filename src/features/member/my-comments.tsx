import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { MyComment } from '../../../protocol/content-api.ts';
import { CONTENT_TYPE } from '../../../protocol/content-api.ts';
import { PagedList } from '../../components/paged-list.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { formatRelativeTime } from '../../lib/format.ts';
import { useMyComments } from './api/my-comments.ts';
import styles from './mine.module.css';

/** The page of what a comment was written under, by its content type. */
const TARGET_PAGE = { [CONTENT_TYPE.REVIEW]: '/reviewDetail', [CONTENT_TYPE.POST]: '/postDetail' } as const;

/** Where a comment was written: the video, review or post, or nowhere when that is gone. */
function TargetLink({ target, children }: { target: MyComment['target']; children: ReactNode }) {
  if (!target.title) return <span className={styles.commentItem}>{children}</span>;
  const to = TARGET_PAGE[target.contentType as keyof typeof TARGET_PAGE] ?? '/videoDetails';
  return (
    <Link to={to} search={{ id: target.id }} className={styles.commentItem} data-testid="my-comment">
      {children}
    </Link>
  );
}

/** 我的评论: the member's own comments, newest first, each leading to what it was written under. */
export function MyComments({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useMyComments(userId);
  return (
    <PagedList
      query={query}
      label={t('mine.comments')}
      loading={
        <Loading className={styles.list}>
          <Skeleton className={styles.listSkeleton} />
        </Loading>
      }
      failedTitle={t('mine.commentsFailed')}
      empty={<EmptyState title={t('mine.noComments')} description={t('mine.noCommentsHint')} />}
      moreLabel={t('common.loadMore')}
    >
      {(comments) => (
        <ul className={styles.list} data-testid="my-comments">
          {comments.map((comment) => (
            <li key={comment.id}>
              <TargetLink target={comment.target}>
                <span className={styles.commentText}>{comment.content}</span>
                <span className={styles.itemMeta}>
                  {comment.target.title ? t('mine.commentOn', { title: comment.target.title }) : t('mine.commentTargetGone')}
                  {' · '}
                  {formatRelativeTime(comment.createdAt)}
                </span>
              </TargetLink>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
