import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { PostItem } from '../../protocol/content-api.ts';
import { useTranslation } from '../i18n/index.ts';
import { formatCount, formatRelativeTime } from '../lib/format.ts';
import styles from './post-card.module.css';
import { MaskedImage } from './ui/masked-image.tsx';
import { Skeleton } from './ui/skeleton.tsx';
import panel from './ui/panel.module.css';

/**
 * A discussion post in a list (/discuss, 猜你喜欢, 我的帖子): author and time, title, excerpt, up
 * to three image thumbnails (the rest counted), its tags, price and counts. `status` sits at the
 * top right where the list wants one (the member's own posts).
 */
export function PostCard({ post, status, compact = false }: { post: PostItem; status?: ReactNode; compact?: boolean }) {
  const { t } = useTranslation();
  const more = post.imageCount - post.images.length;
  return (
    <article className={`${panel.panel} ${styles.card}`} data-testid="post-card" data-post-id={post.id} data-likes={post.likeCount}>
      <Link to="/postDetail" search={{ id: post.id }} className={styles.link}>
        <span className={styles.head}>
          <MaskedImage path={post.author.avatar} width={128} height={128} alt="" className={styles.avatar} sizes="28px" />
          <span className={styles.author}>{post.author.nickname}</span>
          <time className={styles.time} dateTime={post.createdAt}>
            {formatRelativeTime(post.createdAt)}
          </time>
          {status}
        </span>
        <h3 className={styles.title}>
          {post.price > 0 ? (
            <span className={styles.price} data-testid="post-card-price">
              {t('discuss.price', { price: post.price })}
            </span>
          ) : null}
          {post.title}
        </h3>
        {compact ? null : <p className={styles.summary}>{post.summary}</p>}
        {!compact && post.images.length > 0 ? (
          <span className={styles.images} data-count={post.images.length}>
            {post.images.map((image, i) => (
              <span key={image.image} className={styles.thumb}>
                <MaskedImage
                  path={image.image}
                  width={image.imageWidth}
                  height={image.imageHeight}
                  alt=""
                  className={styles.thumbImage}
                  sizes="(min-width: 824px) 200px, 33vw"
                />
                {i === post.images.length - 1 && more > 0 ? <span className={styles.more}>+{more}</span> : null}
              </span>
            ))}
          </span>
        ) : null}
        {!compact && post.images.length === 0 && post.imageCount > 0 ? (
          <span className={styles.lockedImages}>{t('discuss.images', { count: post.imageCount })}</span>
        ) : null}
      </Link>
      <footer className={styles.foot}>
        {post.tags.length > 0 ? (
          <ul className={styles.tags} aria-label={t('discuss.tags')}>
            {post.tags.map((tag) => (
              <li key={tag.id}>#{tag.name}</li>
            ))}
          </ul>
        ) : null}
        <span className={styles.counts}>
          <span>{t('counts.views', { count: formatCount(post.viewCount) })}</span>
          <span>{t('counts.likes', { count: formatCount(post.likeCount) })}</span>
          <span>{t('counts.comments', { count: formatCount(post.commentCount) })}</span>
        </span>
      </footer>
    </article>
  );
}

export function PostCardSkeleton() {
  return (
    <div className={`${panel.panel} ${styles.card}`}>
      <Skeleton className={styles.lineSkeleton} />
      <Skeleton className={styles.titleSkeleton} />
      <Skeleton className={styles.lineSkeleton} />
    </div>
  );
}
