import { FailedScreen, Screen } from '../../components/screen.tsx';
import { useRouter } from '@tanstack/react-router';
import { sortKeyOf, type TopicDetail } from '../../../protocol/content-api.ts';
import { ListFooter } from '../../components/list-footer.tsx';
import { SortTabs } from '../../components/sort-tabs.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { MaskedImage } from '../../components/ui/masked-image.tsx';
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx';
import { formatCount } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { uniqueItems } from '../../lib/paging.ts';
import { useTopicDetail } from './api/topic-detail.ts';
import { TopicVideos } from './components/topic-layouts.tsx';
import { TopicVideoSkeleton } from './components/topic-video-card.tsx';
import { topicTypeOf } from './topic-layout.ts';
import styles from './topics.module.css';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { useTranslation } from '../../i18n/index.ts';
import badge from '../../components/ui/badge.module.css';

export const TOPIC_SORT_LABELS = ['latest', 'hot', 'mostFavourited'] as const;

export interface TopicsPageProps {
  id: number;
  sort: number;
}

/** /topicsPage?id=&sort=: a topic's header and its videos, drawn by the topic's display type. */
export function TopicsPage({ id, sort }: TopicsPageProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const query = useTopicDetail(id, sortKeyOf(sort));
  const first = query.data?.pages[0];

  if (query.isError && !first) return <FailedScreen title={t('topics.title')} className={styles.page} query={query} notFound={<TopicNotFound />} />;

  // The order lives in the query (SPEC §2: id, sort) so links and reloads keep it; switching is not a new page.
  const changeSort = (next: number) => router.history.replace(hrefOf('/topicsPage', { id, sort: next || undefined }));

  return (
    <Screen title={first?.title ?? t('topics.title')} className={styles.page} testId="topics-page" data={{ 'data-topic-id': id }}>
      {first ? <TopicHeader topic={first} /> : <HeaderSkeleton />}
      <div className={styles.toolbar}>
        <h2 className={styles.toolbarTitle}>{t('topics.videos')}</h2>
        <SortTabs label={t('topics.sort')} labels={TOPIC_SORT_LABELS} value={sort} onChange={changeSort} />
      </div>
      {query.isPending || !query.data ? (
        <Loading className={styles.skeletonGrid} testId="topic-loading" count={8}>
          <TopicVideoSkeleton />
        </Loading>
      ) : (
        <TopicBody pages={query.data.pages} query={query} />
      )}
    </Screen>
  );
}

function TopicBody({ pages, query }: { pages: TopicDetail[]; query: ReturnType<typeof useTopicDetail> }) {
  const { t } = useTranslation();
  const topic = pages[0]!;
  const videos = uniqueItems(pages.map((p) => p.videos));
  if (videos.length === 0) {
    return (
      <div data-testid="topic-empty">
        <EmptyState title={t('topics.empty')} description={t('topics.emptyHint')} />
      </div>
    );
  }
  return (
    <>
      <TopicVideos type={topicTypeOf(topic.type)} videos={videos} actresses={topic.actresses} />
      <ListFooter query={query} />
    </>
  );
}

function TopicHeader({ topic }: { topic: TopicDetail }) {
  const { t } = useTranslation();
  return (
    <header className={styles.header} data-testid="topic-header" data-type={topic.type}>
      <MaskedImage
        path={topic.cover}
        width={topic.coverWidth || 960}
        height={topic.coverHeight || 400}
        alt=""
        className={styles.cover}
        sizes="(min-width: 825px) 1150px, 100vw"
        loading="eager"
      />
      <div className={styles.headerText}>
        <p className={`${badge.badge} ${styles.kicker}`}>{t('topics.title')}</p>
        <h2 className={styles.title} data-testid="topic-title">
          {topic.title}
        </h2>
        {topic.description ? <p className={styles.description}>{topic.description}</p> : null}
        <p className={styles.count}>
          {t('topics.countBefore')}
          <b data-testid="topic-count">{formatCount(topic.videoCount)}</b>
          {t('topics.countAfter')}
        </p>
      </div>
    </header>
  );
}

function HeaderSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.header} aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton className={styles.coverSkeleton} />
    </div>
  );
}

export const TopicNotFound = () => (
  <NotFoundPage ns="topics" header="topics.title" to="/" link="app.backHome" testId="topic-not-found" className={styles.page} />
);
