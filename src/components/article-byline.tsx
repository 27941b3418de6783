import type { ReactNode } from 'react';
import { formatRelativeTime } from '../lib/format.ts';
import styles from './article.module.css';
import { MaskedImage } from './ui/masked-image.tsx';

/** Avatar, name and relative time under an article's title; `children` sit at the far end (e.g. a score). */
export function ArticleByline({
  author,
  createdAt,
  authorTestId,
  children,
}: {
  author: { nickname: string; avatar: string };
  createdAt: string;
  authorTestId: string;
  children?: ReactNode;
}) {
  return (
    <div className={styles.byline}>
      <MaskedImage path={author.avatar} width={128} height={128} alt="" className={styles.avatar} sizes="40px" loading="eager" />
      <div className={styles.bylineText}>
        <span className={styles.author} data-testid={authorTestId}>
          {author.nickname}
        </span>
        <time className={styles.time} dateTime={createdAt}>
          {formatRelativeTime(createdAt)}
        </time>
      </div>
      {children}
    </div>
  );
}
