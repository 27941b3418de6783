import { Counts } from './counts.tsx';
import type { MouseEvent } from 'react';
import type { ActressItem } from '../../protocol/content-api.ts';
import { openContent, useAppNavigate } from '../lib/navigation.ts';
import grid from './ui/grid.module.css';
import { MaskedImage } from './ui/masked-image.tsx';
import { Skeleton } from './ui/skeleton.tsx';
import styles from './actress-card.module.css';
import { useTranslation } from '../i18n/index.ts';

/** The class of a grid of ActressCards: two columns, four from 825 px, five from 1200 px. */
export const actressCardGrid = `${grid.grid} ${styles.grid}`;

/**
 * A performer in a grid: avatar, name, one line of intro, works and fans; opens /actressPage. The
 * name is a heading one level under the grid's own (h2 where the page title is the only heading).
 */
export function ActressCard({ actress, eager = false, heading: Heading = 'h3' }: { actress: ActressItem; eager?: boolean; heading?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks keep the browser's own behaviour (new tab, new window).
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    openContent(actress, navigate);
  };
  return (
    <article className={styles.card} data-testid="actress-card" data-actress-id={actress.id}>
      <a className={styles.link} href={`/actressPage?id=${actress.id}`} onClick={open}>
        <MaskedImage
          path={actress.avatar}
          width={256}
          height={256}
          alt={actress.name}
          className={styles.avatar}
          sizes="96px"
          loading={eager ? 'eager' : 'lazy'}
        />
        <Heading className={styles.name}>{actress.name}</Heading>
        <p className={styles.intro}>{actress.intro || '\u00a0'}</p>
        <Counts
          className={styles.stats}
          items={[
            [actress.videoCount, t('labels.works')],
            [actress.fansCount, t('labels.fans')],
          ]}
        />
      </a>
    </article>
  );
}

/** Same footprint as a card, shown while a page of performers loads. */
export function ActressCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={styles.link}>
        <Skeleton className={styles.avatar} />
        <Skeleton className={styles.lineName} />
        <Skeleton className={styles.lineIntro} />
      </div>
    </div>
  );
}
