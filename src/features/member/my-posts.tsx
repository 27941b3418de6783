import { Link } from '@tanstack/react-router';
import type { MyPost } from '../../../protocol/content-api.ts';
import { PendingActions } from '../../components/outbox-marks.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { PostCard, PostCardSkeleton } from '../../components/post-card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Loading } from '../../components/ui/skeleton.tsx';
import button from '../../components/ui/button.module.css';
import { useTranslation } from '../../i18n/index.ts';
import { useMyPosts } from './api/my-posts.ts';
import styles from './mine.module.css';

function Status({ post }: { post: MyPost }) {
  const { t } = useTranslation();
  return (
    <span className={styles.postStatus} data-status={post.status} data-testid="my-post-status">
      {t(`myPosts.${post.status}`)}
    </span>
  );
}

/** 我的帖子: the member's posts, newest first, each with its status and a rejected one's reason. */
export function MyPosts({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useMyPosts(userId);
  return (
    <>
      <PendingActions kind="post" className={styles.pendingPosts} />
      <PagedList
        query={query}
        label={t('myPosts.title')}
        loading={
          <Loading className={styles.postList}>
            <PostCardSkeleton />
          </Loading>
        }
        failedTitle={t('myPosts.failed')}
        empty={
          <EmptyState
            title={t('myPosts.empty')}
            description={t('myPosts.emptyHint')}
            action={
              <Link to="/post" className={`${button.button} ${button.primary}`} data-testid="my-posts-write">
                {t('myPosts.write')}
              </Link>
            }
          />
        }
        moreLabel={t('common.loadMore')}
      >
        {(posts) => (
          <ul className={styles.postList} data-testid="my-posts">
            {(posts as MyPost[]).map((post) => (
              <li key={post.id} data-testid="my-post" data-post-id={post.id}>
                <PostCard post={post} status={<Status post={post} />} compact />
                {post.status === 'rejected' && post.rejectReason ? (
                  <p className={styles.rejectReason}>{t('myPosts.rejectedReason', { reason: post.rejectReason })}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}
