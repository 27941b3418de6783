import { Link } from '@tanstack/react-router';
import type { BrandItem } from '../../../protocol/brand-api.ts';
import { MaskedImage } from '../../components/ui/masked-image.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import panel from '../../components/ui/panel.module.css';
import { useTranslation } from '../../i18n/index.ts';
import { formatDate, formatRelativeTime } from '../../lib/format.ts';
import styles from './brand-card.module.css';

/**
 * How a list shows its items: `feed` a community update with its picture below (泡泡), `row` a
 * thumbnail beside the text (资讯, 招募), `tile` the cover above the text (商务), `square` a square
 * thumbnail and a chevron (服务).
 */
export type BrandCardVariant = 'feed' | 'row' | 'tile' | 'square';

/** Each variant's picture: the box it fills (its aspect) and the widths it takes, for `sizes`. */
const PICTURE: Record<BrandCardVariant, { width: number; height: number; sizes: string }> = {
  feed: { width: 16, height: 9, sizes: '(min-width: 1200px) 380px, (min-width: 825px) 50vw, 100vw' },
  row: { width: 4, height: 3, sizes: '(min-width: 825px) 160px, 112px' },
  tile: { width: 16, height: 9, sizes: '(min-width: 1200px) 280px, (min-width: 825px) 33vw, 50vw' },
  square: { width: 1, height: 1, sizes: '(min-width: 825px) 96px, 72px' },
};

/** A hue per source, so each group's mark keeps its colour wherever it shows. */
function hueOf(source: string): number {
  let hash = 0;
  for (const ch of source) hash = (hash * 31 + ch.codePointAt(0)!) % 360;
  return hash;
}

/** Whether a time is behind us (a call whose applications have closed). */
const isPast = (iso: string) => Date.parse(iso) < Date.now();

/** When a call closes: a date, closed already, or open-ended. */
export function Deadline({ endsAt, className }: { endsAt: string | null; className?: string }) {
  const { t } = useTranslation();
  if (endsAt === null) return <span className={`${styles.deadline} ${className ?? ''}`}>{t('group.openEnded')}</span>;
  const closed = isPast(endsAt);
  return (
    <span className={`${styles.deadline} ${className ?? ''}`} data-closed={closed} data-testid="brand-deadline">
      {closed ? t('group.closed') : t('group.endsOn', { date: formatDate(new Date(endsAt)) })}
    </span>
  );
}

/** The round mark of a source: its first character on its own hue. */
function SourceMark({ source }: { source: string }) {
  return (
    <span className={styles.mark} style={{ ['--hue' as string]: hueOf(source) }} aria-hidden="true">
      {Array.from(source)[0] ?? ''}
    </span>
  );
}

/** An item of the group area in a list; the whole card opens /groupDetail?id=. */
export function BrandCard({ item, variant }: { item: BrandItem; variant: BrandCardVariant }) {
  const picture = PICTURE[variant];
  const cover = (
    <MaskedImage
      path={item.cover}
      width={variant === 'feed' || variant === 'tile' ? item.coverWidth : picture.width}
      height={variant === 'feed' || variant === 'tile' ? item.coverHeight : picture.height}
      alt=""
      className={styles.picture}
      sizes={picture.sizes}
    />
  );
  return (
    <article className={`${panel.panel} ${styles.card} ${styles[variant]}`} data-testid="brand-card" data-brand-id={item.id} data-type={item.type}>
      <Link to="/groupDetail" search={{ id: item.id }} className={styles.link}>
        {variant === 'feed' ? (
          <>
            <span className={styles.head}>
              <SourceMark source={item.source} />
              <span className={styles.source}>{item.source}</span>
              <time className={styles.time} dateTime={item.publishedAt}>
                {formatRelativeTime(item.publishedAt)}
              </time>
            </span>
            <h3 className={styles.title}>{item.title}</h3>
            <p className={styles.summary}>{item.summary}</p>
            {cover}
          </>
        ) : (
          <>
            {cover}
            <span className={styles.text}>
              <h3 className={styles.title}>{item.title}</h3>
              <p className={styles.summary}>{item.summary}</p>
              <Meta item={item} />
            </span>
            {variant === 'square' ? (
              <svg className={styles.chevron} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            ) : null}
          </>
        )}
      </Link>
    </article>
  );
}

/** Under a row, tile or square: who, and when (a call: when it closes). */
function Meta({ item }: { item: BrandItem }) {
  return (
    <span className={styles.meta}>
      <span className={styles.metaSource}>{item.source}</span>
      {item.type === 'recruitment' ? (
        <Deadline endsAt={item.endsAt} />
      ) : (
        <time className={styles.metaTime} dateTime={item.publishedAt}>
          {formatDate(new Date(item.publishedAt))}
        </time>
      )}
    </span>
  );
}

/** The footprint of a card of `variant` while its page loads. */
export function BrandCardSkeleton({ variant }: { variant: BrandCardVariant }) {
  const picture = PICTURE[variant];
  const box = <Skeleton className={styles.picture} style={{ aspectRatio: `${picture.width} / ${picture.height}` }} />;
  const lines = (
    <>
      <Skeleton className={styles.lineTitle} />
      <Skeleton className={styles.lineText} />
      <Skeleton className={styles.lineShort} />
    </>
  );
  return (
    <div className={`${panel.panel} ${styles.card} ${styles[variant]}`} aria-hidden="true">
      <div className={styles.link}>
        {variant === 'feed' ? (
          <>
            <span className={styles.head}>
              <Skeleton className={styles.markBox} />
              <Skeleton className={styles.lineShort} />
            </span>
            {lines}
            {box}
          </>
        ) : (
          <>
            {box}
            <span className={styles.text}>{lines}</span>
          </>
        )}
      </div>
    </div>
  );
}
