import { useRef } from 'react';
import type { VideoItem } from '../../../../protocol/api.ts';
import type { ActressItem, TopicType } from '../../../../protocol/content-api.ts';
import grid from '../../../components/ui/grid.module.css';
import { MaskedImage } from '../../../components/ui/masked-image.tsx';
import { cardText, VideoLink, VideoThumb } from '../../../components/video-card-parts.tsx';
import { VideoRow } from '../../../components/video-row.tsx';
import { formatCount, formatOrdinalNumber } from '../../../lib/format.ts';
import { openContent, useAppNavigate } from '../../../lib/navigation.ts';
import { TOPIC_PAGE_SIZE } from '../api/topic-detail.ts';
import { balancedChunks, mixedBlocks, rankTier, TOPIC_LAYOUTS } from '../topic-layout.ts';
import { TopicVideoCard } from './topic-video-card.tsx';
import styles from './topic-layouts.module.css';
import { useTranslation } from '../../../i18n/index.ts';

export interface TopicVideosProps {
  type: TopicType;
  videos: VideoItem[];
  actresses: ActressItem[];
}

/** The topic's videos drawn the way its display type asks (SPEC §2: topic displays of types 1 to 7). */
export function TopicVideos({ type, videos, actresses }: TopicVideosProps) {
  const { t } = useTranslation();
  return (
    <section className={styles.layout} data-testid="topic-layout" data-type={type} data-layout={TOPIC_LAYOUTS[type]} aria-label={t('topics.videos')}>
      <Layout type={type} videos={videos} actresses={actresses} />
    </section>
  );
}

function Layout({ type, videos, actresses }: TopicVideosProps) {
  switch (type) {
    case 1:
      return <HeroGrid videos={videos} />;
    case 2:
      return <Rails videos={videos} />;
    case 3:
      return <Ranked videos={videos} />;
    case 4:
      return <Performers videos={videos} actresses={actresses} />;
    case 5:
      return <LargeCards videos={videos} />;
    case 6:
      return <TwoColumn videos={videos} />;
    case 7:
      return <Mixed videos={videos} />;
  }
}

/** Type 1: the first video as a hero, the rest in a grid (on desktop the hero takes a 2x2 cell). */
function HeroGrid({ videos }: { videos: VideoItem[] }) {
  const [hero, ...rest] = videos;
  return (
    <div className={`${grid.grid} ${styles.heroGrid}`}>
      {hero ? (
        <div className={styles.heroCell}>
          <TopicVideoCard video={hero} variant="hero" eager />
        </div>
      ) : null}
      {rest.map((video, i) => (
        <TopicVideoCard key={video.id} video={video} variant="tile" eager={i < 4} />
      ))}
    </div>
  );
}

/** Type 2: rails that scroll sideways, at most a page of videos each, evenly filled. */
function Rails({ videos }: { videos: VideoItem[] }) {
  const { t } = useTranslation();
  return (
    <div className={styles.rails}>
      {balancedChunks(videos, TOPIC_PAGE_SIZE).map((rail, i) => (
        <Rail key={rail[0]!.id} title={t('topics.railN', { n: formatOrdinalNumber(i + 1) })} videos={rail} eager={i === 0} />
      ))}
    </div>
  );
}

function Rail({ title, videos, eager }: { title: string; videos: VideoItem[]; eager: boolean }) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const scroll = (direction: 1 | -1) => track.current?.scrollBy({ left: direction * track.current.clientWidth * 0.8, behavior: 'smooth' });
  return (
    <section className={styles.rail} data-testid="topic-rail" aria-label={title}>
      <div className={styles.railHead}>
        <h2 className={styles.railTitle}>
          {title} <span className={styles.dim}>{videos.length}</span>
        </h2>
        <div className={styles.railButtons}>
          <button type="button" className={styles.railButton} aria-label={t('topics.railLeft', { title })} onClick={() => scroll(-1)}>
            ‹
          </button>
          <button type="button" className={styles.railButton} aria-label={t('topics.railRight', { title })} onClick={() => scroll(1)}>
            ›
          </button>
        </div>
      </div>
      <div className={styles.railTrack} ref={track}>
        {videos.map((video, i) => (
          <TopicVideoCard key={video.id} video={video} variant="rail" eager={eager && i < 3} />
        ))}
      </div>
    </section>
  );
}

/** Type 3: a chart; big rank numbers, the top three in medal colours. */
function Ranked({ videos }: { videos: VideoItem[] }) {
  return (
    <ol className={`${grid.grid} ${styles.ranked}`}>
      {videos.map((video, i) => (
        <RankedRow key={video.id} video={video} rank={i + 1} eager={i < 4} />
      ))}
    </ol>
  );
}

function RankedRow({ video, rank, eager }: { video: VideoItem; rank: number; eager: boolean }) {
  const { t } = useTranslation();
  return (
    <li data-testid="topic-video" data-video-id={video.id} data-rank={rank}>
      <VideoLink video={video} className={styles.rankLink}>
        <span className={styles.rank} data-tier={rankTier(rank)} data-testid="topic-rank">
          {rank}
        </span>
        <VideoThumb video={video} sizes="(min-width: 825px) 200px, 34vw" eager={eager} durationClassName={styles.rankDuration} />
        <span className={styles.rankText}>
          <span className={`${cardText.title} ${styles.rankTitle}`}>{video.title}</span>
          <span className={styles.rankMeta}>
            <b>{formatCount(video.playCount)}</b> {t('labels.plays')} · <b>{formatCount(video.likeCount)}</b> {t('labels.likes')}
          </span>
        </span>
      </VideoLink>
    </li>
  );
}

/** Type 4: the creators of the topic in a row, then their videos. */
function Performers({ videos, actresses }: { videos: VideoItem[]; actresses: ActressItem[] }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  return (
    <>
      {actresses.length > 0 ? (
        <section className={styles.performers} aria-labelledby="topic-performers">
          <h2 id="topic-performers" className={styles.railTitle}>
            {t('topics.performers')} <span className={styles.dim}>{actresses.length}</span>
          </h2>
          <ul className={styles.performerRow}>
            {actresses.map((actress) => (
              <li key={actress.id} data-testid="topic-performer" data-actress-id={actress.id}>
                <a
                  className={styles.performer}
                  href={`/actressPage?id=${actress.id}`}
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                    event.preventDefault();
                    openContent(actress, navigate);
                  }}
                >
                  <MaskedImage
                    path={actress.avatar}
                    width={256}
                    height={256}
                    alt={actress.name}
                    className={styles.performerAvatar}
                    sizes="80px"
                    loading="eager"
                  />
                  <span className={styles.performerName}>{actress.name}</span>
                  <span className={styles.performerMeta}>{t('counts.fans', { count: formatCount(actress.fansCount) })}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <h2 className={styles.railTitle}>
        {t('topics.performerWorks')} <span className={styles.dim}>{videos.length}</span>
      </h2>
      <ul className={`${grid.grid} ${styles.rowGrid}`}>
        {videos.map((video) => (
          <VideoRow key={video.id} video={video} testId="topic-video" />
        ))}
      </ul>
    </>
  );
}

/** Type 5: large cards, one per row on a phone, three on desktop. */
function LargeCards({ videos }: { videos: VideoItem[] }) {
  return (
    <div className={`${grid.grid} ${styles.largeGrid}`}>
      {videos.map((video, i) => (
        <TopicVideoCard key={video.id} video={video} variant="large" eager={i < 2} />
      ))}
    </div>
  );
}

/** Type 6: two staggered columns, the right one set lower; on desktop each card sets its poster beside the text. */
function TwoColumn({ videos }: { videos: VideoItem[] }) {
  const left = videos.filter((_, i) => i % 2 === 0);
  const right = videos.filter((_, i) => i % 2 === 1);
  return (
    <div className={styles.twoColumn}>
      {[left, right].map((column, c) => (
        <div key={c} className={styles.column} data-testid="topic-column">
          {column.map((video, i) => (
            <TopicVideoCard key={video.id} video={video} variant="split" eager={i < 2} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** Type 7: a repeating mix of a wide feature, a pair of tiles and three compact rows. */
function Mixed({ videos }: { videos: VideoItem[] }) {
  return (
    <div className={styles.mixed}>
      {mixedBlocks(videos).map((block, b) => {
        const key = `${block.kind}-${block.items[0]!.id}`;
        if (block.kind === 'feature')
          return (
            <div key={key} className={styles.feature} data-block="feature">
              <TopicVideoCard video={block.items[0]!} variant="feature" eager={b === 0} />
            </div>
          );
        if (block.kind === 'pair')
          return (
            <div key={key} className={styles.pair} data-block="pair">
              {block.items.map((video) => (
                <TopicVideoCard key={video.id} video={video} variant="tile" eager={b < 2} />
              ))}
            </div>
          );
        return (
          <ul key={key} className={styles.mixedRows} data-block="rows">
            {block.items.map((video) => (
              <VideoRow key={video.id} video={video} testId="topic-video" />
            ))}
          </ul>
        );
      })}
    </div>
  );
}
