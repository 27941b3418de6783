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
import { useTranslation } from '../../i18n/index.ts';
import layout from '../../components/ui/page.module.css';
import panel from '../../components/ui/panel.module.css';

/** /postDetail?id=: a discussion post read-only, its body as plain-text paragraphs, and the video it discusses. */
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
  return (
    <div className={article.layout}>
      <div className={article.main}>
        <article className={`${panel.panel} ${article.article}`} data-testid="post-detail" data-post-id={post.id}>
          <h2 className={article.title} data-testid="post-title">
            {post.title}
          </h2>
          <ArticleByline author={post.author} createdAt={post.createdAt} authorTestId="post-author" />
          <div className={article.body} data-testid="post-body">
            {paragraphsOf(post.content).map((text, i) => (
              <p key={i}>{text}</p>
            ))}
          </div>
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
        <CommentSection contentType={5} id={post.id} total={post.commentCount} className={`${panel.panel} ${article.comments}`} />
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
