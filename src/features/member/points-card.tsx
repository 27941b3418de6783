import { useState } from 'react';
import type { TFunction } from 'i18next';
import type { RankEntry, ScoreEntry, TitleLevel } from '../../../protocol/member-api.ts';
import { PagedList } from '../../components/paged-list.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx';
import { TabList } from '../../components/ui/tab-list.tsx';
import panel from '../../components/ui/panel.module.css';
import { useTranslation } from '../../i18n/index.ts';
import { formatRelativeTime } from '../../lib/format.ts';
import { useScoreHistory, useScoreRank, useUserTitle } from './api/member.ts';
import styles from './points.module.css';
import underline from '../../components/ui/underline-tabs.module.css';

type PointsTab = 'history' | 'rank';

/** A title in the page's language; the server's own name for a level the catalogue does not know. */
export function titleName(t: TFunction, title: TitleLevel): string {
  return t(`points.titles.l${title.level}` as 'points.titles.l1', { defaultValue: title.name });
}

/** Points on /mine: the title and how far the next one is, then the history or the leaderboard. */
export function PointsCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<PointsTab>('history');
  const title = useUserTitle(userId);
  return (
    <div className={`${panel.panel} ${styles.card}`} data-testid="points-card">
      {title.data ? (
        <div className={styles.title}>
          <span className={styles.level} data-testid="member-title">
            {t('points.level', { level: title.data.title.level, name: titleName(t, title.data.title) })}
          </span>
          <span className={styles.score} data-testid="member-score">
            {t('points.score', { count: title.data.score })}
          </span>
          {title.data.next ? (
            <>
              <progress
                className={styles.progress}
                max={title.data.next.minScore - title.data.title.minScore}
                value={title.data.score - title.data.title.minScore}
                aria-label={t('points.toNext', { name: titleName(t, title.data.next) })}
              />
              <span className={styles.hint}>
                {t('points.toNextHint', { count: title.data.next.minScore - title.data.score, name: titleName(t, title.data.next) })}
              </span>
            </>
          ) : (
            <span className={styles.hint}>{t('points.top')}</span>
          )}
        </div>
      ) : title.isError ? (
        <LoadFailed error={title.error} onRetry={() => void title.refetch()} />
      ) : (
        <Skeleton className={styles.titleSkeleton} />
      )}
      <TabList
        tabs={[
          { key: 'history', label: t('points.history'), testId: 'points-tab' },
          { key: 'rank', label: t('points.rank'), testId: 'points-tab' },
        ]}
        selected={tab}
        onSelect={setTab}
        label={t('points.tabs')}
        className={`${underline.tabs} ${styles.tabs}`}
        tabClassName={`${underline.tab} ${styles.tab}`}
        idBase="points"
      />
      <div role="tabpanel" id="points-panel" aria-labelledby={`points-tab-${tab}`}>
        {tab === 'history' ? <ScoreHistory userId={userId} /> : <Leaderboard userId={userId} />}
      </div>
    </div>
  );
}

function ScoreHistory({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useScoreHistory(userId);
  return (
    <PagedList
      query={query}
      label={t('points.history')}
      loading={<RowsLoading />}
      empty={<EmptyState title={t('points.noHistory')} description={t('points.noHistoryHint')} />}
      moreLabel={t('common.loadMore')}
    >
      {(items: ScoreEntry[]) => (
        <ul className={styles.rows} data-testid="score-history">
          {items.map((entry) => (
            <li key={entry.id} className={styles.row}>
              <span className={styles.reason}>{t(`points.reason.${entry.reason}`, { detail: entry.detail })}</span>
              <time className={styles.when} dateTime={entry.createdAt}>
                {formatRelativeTime(entry.createdAt)}
              </time>
              <span className={entry.delta >= 0 ? styles.gain : styles.spend}>{entry.delta >= 0 ? `+${entry.delta}` : entry.delta}</span>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function Leaderboard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useScoreRank(userId);
  if (query.isPending) return <RowsLoading />;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  const { list, mine } = query.data;
  if (list.length === 0) return <EmptyState title={t('points.noRank')} />;
  return (
    <ol className={styles.rows} data-testid="score-rank">
      {list.map((entry) => (
        <RankRow key={entry.user.id} entry={entry} mine={entry.user.id === userId} />
      ))}
      {mine && !list.some((entry) => entry.user.id === userId) ? <RankRow entry={mine} mine /> : null}
    </ol>
  );
}

function RankRow({ entry, mine }: { entry: RankEntry; mine: boolean }) {
  const { t } = useTranslation();
  return (
    <li className={mine ? `${styles.row} ${styles.mine}` : styles.row} value={entry.rank}>
      <span className={entry.rank <= 3 ? `${styles.rank} ${styles.podium}` : styles.rank}>{entry.rank}</span>
      <span className={styles.reason}>
        {entry.user.nickname || t('points.member', { id: entry.user.id })}
        {mine ? <span className={styles.you}>{t('points.you')}</span> : null}
      </span>
      <span className={styles.when}>{titleName(t, entry.title)}</span>
      <span className={styles.gain}>{entry.score}</span>
    </li>
  );
}

function RowsLoading() {
  return (
    <Loading count={4}>
      <Skeleton className={styles.rowSkeleton} />
    </Loading>
  );
}
