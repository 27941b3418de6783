import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { Counts } from '../../components/counts.tsx';
import { FailedScreen, Screen } from '../../components/screen.tsx';
import type { PostDetail } from '../../../protocol/content-api.ts';
import { ArticleByline } from '../../components/article-byline.tsx';
import article from '../../components/article.module.css';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { VideoRow, VideoRowList } from '../../components/video-row.tsx';
import { paragraphsOf } from '../../lib/text.ts';
import { usePostDetail } from './api/post-detail.ts';
import styles from './posts.module.css';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { CommentSection } from '../../components/comments/comment-section.tsx';
import { ContentMenu } from '../../components/safety/content-menu.tsx';
import { useUnblockMember } from '../../components/safety/safety-api.ts';
import button from '../../components/ui/button.module.css';
import { toast } from '../../lib/toast.ts';
import { appStore } from '../../stores/app-store.ts';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/index.ts';
import layout from '../../components/ui/page.module.css';
import panel from '../../components/ui/panel.module.css';
import chip from '../../components/ui/chip.module.css';
import hit from '../../components/ui/hit-area.module.css';
import { PostImages } from './post-images.tsx';
import { PostLock } from './post-lock.tsx';

/**
 * /postDetail?id=: a discussion post, its body as plain-text paragraphs, its tags and images (a
 * full-screen viewer opens on a tap), and the video it discusses. A paid post the reader has not
 * unlocked shows its opening lines and the lock; its author sees whether it is still in review.
 */
export function PostDetailPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = usePostDetail(id);
  const title = t('posts.title');
  if (query.isError) return <FailedScreen title={title} className={styles.page} query={query} notFound={<PostNotFound />} />;
  return (
    <Screen title={title} className={styles.page} testId="post-detail-page">
      {query.data ? <Post post={query.data} /> : <PostSkeleton />}
    </Screen>
  );
}

function Post({ post }: { post: PostDetail }) {
  const { t } = useTranslation();
  const body = useRef<HTMLDivElement>(null);
  return (
    <div className={article.layout}>
      <div className={article.main}>
        <article className={`${panel.panel} ${article.article}`} data-testid="post-detail" data-post-id={post.id} data-locked={post.locked}>
          {post.status !== 'published' ? <StatusBanner post={post} /> : null}
          {post.authorBlocked ? <BlockedBanner author={post.author} /> : null}
          <h2 className={article.title} data-testid="post-title">
            {post.title}
          </h2>
          {post.tags.length > 0 ? (
            <ul className={`${chip.list} ${styles.tags}`} aria-label={t('posts.tags')} data-testid="post-tags">
              {post.tags.map((tag) => (
                <li key={tag.id}>
                  <Link to="/discuss" search={{ tag: tag.id }} className={`${chip.chip} ${hit.area}`}>
                    #{tag.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <ArticleByline author={post.author} createdAt={post.createdAt} authorTestId="post-author">
            {post.status === 'published' ? (
              <ContentMenu
                report={{ targetType: 'post', targetId: post.id }}
                author={post.authorBlocked ? undefined : post.author}
                className={styles.more}
                testId="post-more"
              />
            ) : null}
          </ArticleByline>
          <div ref={body} className={`${article.body} ${styles.text} ${post.locked ? styles.preview : ''}`} tabIndex={-1} data-testid="post-body">
            {paragraphsOf(post.content).map((text, i) => (
              <p key={i}>{text}</p>
            ))}
          </div>
          {post.locked ? (
            // Focus moves to the whole text once it is there (the lock and its dialog are gone).
            <PostLock post={post} onUnlocked={() => setTimeout(() => body.current?.focus(), 0)} />
          ) : (
            <PostImages images={post.images} />
          )}
          <Counts
            className={article.stats}
            testId="post-stats"
            items={[
              [post.viewCount, t('labels.views')],
              [post.likeCount, t('labels.likes')],
              [post.commentCount, t('labels.comments')],
            ]}
          />
        </article>
        {post.status === 'published' ? (
          // Comments open once the post is public.
          <CommentSection contentType={5} id={post.id} total={post.commentCount} className={`${panel.panel} ${article.comments}`} />
        ) : null}
      </div>
      {post.video ? (
        <aside className={article.aside} aria-labelledby="post-video-heading">
          <h2 id="post-video-heading" className={layout.sectionTitle}>
            {t('posts.video')}
          </h2>
          <VideoRowList>
            <VideoRow video={post.video} testId="post-video" />
          </VideoRowList>
        </aside>
      ) : null}
    </div>
  );
}

/** Only the author sees a post that is not published: still in review, or turned down and why. */
function StatusBanner({ post }: { post: PostDetail }) {
  const { t } = useTranslation();
  const text =
    post.status === 'pending' ? t('posts.pending') : post.rejectReason ? t('posts.rejected', { reason: post.rejectReason }) : t('posts.rejectedNoReason');
  return (
    <p className={styles.status} data-status={post.status} data-testid="post-status">
      {text}
    </p>
  );
}

/** The reader blocked this post's author: the post still opens, saying so, with a way back. */
function BlockedBanner({ author }: { author: PostDetail['author'] }) {
  const { t } = useTranslation();
  const viewer = useSnapshot(appStore).userInfo?.id ?? 0;
  const unblock = useUnblockMember(viewer);
  return (
    <div className={styles.status} data-status="blocked" data-testid="post-author-blocked">
      <p className={styles.blockedText}>{t('safety.authorBlocked')}</p>
      <button
        type="button"
        className={`${button.button} ${button.small}`}
        disabled={unblock.isPending}
        onClick={() => unblock.mutate(author.id, { onSuccess: () => toast(t('safety.unblocked', { name: author.nickname })) })}
      >
        {t('safety.unblockAuthor')}
      </button>
    </div>
  );
}

function PostSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={article.layout} aria-busy="true" aria-label={t('common.loading')} data-testid="post-skeleton">
      <div className={`${panel.panel} ${article.article}`}>
        <Skeleton className={article.titleSkeleton} />
        <Skeleton className={article.metaSkeleton} />
        <Skeleton className={article.bodySkeleton} />
      </div>
    </div>
  );
}

export const PostNotFound = () => <NotFoundPage ns="posts" header="posts.title" to="/" link="app.backHome" testId="post-not-found" className={styles.page} />;
