import { CODES } from '../../../protocol/envelope.ts';
import type { PostDetail } from '../../../protocol/content-api.ts';
import { ArticleByline } from '../../components/article-byline.tsx';
import article from '../../components/article.module.css';
import { PageHeader } from '../../components/page-header.tsx';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { VideoRow, VideoRowList } from '../../components/video-row.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatCount } from '../../lib/format.ts';
import { paragraphsOf } from '../../lib/text.ts';
import { usePostDetail } from './api/post-detail.ts';
import styles from './posts.module.css';
import { NotFoundPage } from '../../components/not-found-page.tsx';

const TITLE = '帖子详情';

/** /postDetail?id=: a discussion post read-only, its body as plain-text paragraphs, and the video it discusses. */
export function PostDetailPage({ id }: { id: number }) {
  const query = usePostDetail(id);
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.code === CODES.NOT_FOUND) return <PostNotFound />;
    return (
      <main className={`page ${styles.page}`}>
        <PageHeader title={TITLE} />
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      </main>
    );
  }
  return (
    <main className={`page ${styles.page}`} data-testid="post-detail-page">
      <PageHeader title={TITLE} />
      {query.data ? <Post post={query.data} /> : <PostSkeleton />}
    </main>
  );
}

function Post({ post }: { post: PostDetail }) {
  return (
    <div className={article.layout}>
      <article className={article.article} data-testid="post-detail" data-post-id={post.id}>
        <h2 className={article.title} data-testid="post-title">
          {post.title}
        </h2>
        <ArticleByline author={post.author} createdAt={post.createdAt} authorTestId="post-author" />
        <div className={article.body} data-testid="post-body">
          {paragraphsOf(post.content).map((text, i) => (
            <p key={i}>{text}</p>
          ))}
        </div>
        <p className={article.stats} data-testid="post-stats">
          <span>
            <b>{formatCount(post.viewCount)}</b> 浏览
          </span>
          <span>
            <b>{formatCount(post.likeCount)}</b> 赞
          </span>
          <span>
            <b>{formatCount(post.commentCount)}</b> 评论
          </span>
        </p>
      </article>
      {post.video ? (
        <aside className={article.aside} aria-labelledby="post-video-heading">
          <h2 id="post-video-heading" className="section__title">
            讨论的视频
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
  return (
    <div className={article.layout} aria-busy="true" aria-label="加载中" data-testid="post-skeleton">
      <div className={article.article}>
        <Skeleton className={article.titleSkeleton} />
        <Skeleton className={article.metaSkeleton} />
        <Skeleton className={article.bodySkeleton} />
      </div>
    </div>
  );
}

export function PostNotFound() {
  return (
    <NotFoundPage
      header={TITLE}
      title="帖子不存在"
      description="该帖子可能已删除或链接有误"
      to="/"
      linkLabel="返回首页"
      testId="post-not-found"
      className={styles.page}
    />
  );
}
