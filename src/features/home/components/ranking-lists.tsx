import { TabList, tabId } from '../../../components/ui/tab-list.tsx';
import { useId, useState, type MouseEvent } from 'react';
import type { RankingList } from '../../../../protocol/content-api.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cardText, VideoThumb } from '../../../components/video-card-parts.tsx';
import { formatCount } from '../../../lib/format.ts';
import { openContent, useAppNavigate } from '../../../lib/navigation.ts';
import styles from './home-sections.module.css';
import { useTranslation } from '../../../i18n/index.ts';
import pills from '../../../components/ui/pill-tabs.module.css';
import hit from '../../../components/ui/hit-area.module.css';

const RANK_ROWS = 10;

/** The rankings of home/index as tabs, each a numbered list (1 is the top). */
export function RankingLists({ rankings }: { rankings: readonly RankingList[] }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const baseId = useId();
  const lists = rankings.filter((ranking) => ranking.list.length > 0);
  const [selectedId, setSelectedId] = useState(lists[0]?.id);
  const selected = lists.find((ranking) => ranking.id === selectedId) ?? lists[0];
  if (!selected) return null;

  const open = (event: MouseEvent<HTMLAnchorElement>, item: { id: number; contentType: number }) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    openContent(item, navigate);
  };

  return (
    <section className={styles.section} aria-labelledby={`${baseId}-title`} data-testid="home-rankings">
      <header className={styles.sectionHead}>
        <h2 id={`${baseId}-title`} className={styles.sectionTitle}>
          {t('home.rankings')}
        </h2>
        <TabList
          tabs={lists.map((ranking) => ({ key: ranking.id, label: ranking.title }))}
          selected={selected.id}
          onSelect={setSelectedId}
          label={t('home.rankings')}
          className={pills.tabs}
          tabClassName={`${pills.tab} ${styles.tab} ${hit.area}`}
          selectedClassName={styles.tabActive}
          idBase={baseId}
        />
      </header>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={tabId(baseId, selected.id)}>
        <ol className={styles.rankList} data-testid="ranking-list" data-ranking={selected.title}>
          {selected.list.slice(0, RANK_ROWS).map((video, index) => (
            <li key={video.id} className={styles.rankItem} data-testid="ranking-item" data-rank={index + 1} data-video-id={video.id}>
              <a className={styles.rankLink} href={`/videoDetails?id=${video.id}`} onClick={(event) => open(event, video)} title={video.title}>
                <span className={index < 3 ? `${styles.rank} ${styles.rankTop}` : styles.rank} aria-label={t('home.rankN', { n: index + 1 })}>
                  {index + 1}
                </span>
                <VideoThumb video={video} alt="" sizes="(min-width: 825px) 128px, 30vw" className={styles.rankThumb} durationClassName={styles.rankDuration} />
                <span className={styles.rankText}>
                  <span className={`${cardText.title} ${styles.rankTitle}`}>{video.title}</span>
                  <span className={styles.rankMeta}>{t('counts.plays', { count: formatCount(video.playCount) })}</span>
                </span>
              </a>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function RankingListsSkeleton() {
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-busy="true" aria-label={t('common.loading')} data-testid="home-rankings-loading">
      <header className={styles.sectionHead}>
        <Skeleton className={styles.titleSkeleton} />
      </header>
      <div className={styles.rankList}>
        {Array.from({ length: RANK_ROWS }, (_, index) => (
          <div key={index} className={styles.rankItem}>
            <div className={styles.rankLink}>
              <span className={styles.rank} />
              <Skeleton className={styles.rankThumbSkeleton} />
              <span className={styles.rankText}>
                <Skeleton className={styles.lineSkeleton} />
                <Skeleton className={styles.lineShortSkeleton} />
              </span>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
