import { Screen } from '../../components/screen.tsx';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { ListFooter } from '../../components/list-footer.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { VideoRow, VideoRowList, VideoRowListSkeleton } from '../../components/video-row.tsx';
import { useSearchPosts } from './api/search-posts.ts';
import { useSearchSections } from './api/search-sections.ts';
import { useSearchVideos } from './api/search-videos.ts';
import { Highlighted } from '../../components/highlighted.tsx';
import { SearchBox } from './search-box.tsx';
import { SearchSections } from './search-sections.tsx';
import styles from './search.module.css';
import { useTranslation } from '../../i18n/index.ts';

/** /searchResult?keyword=: videos whose title or description contains the keyword, paged as you scroll. */
export function SearchResultPage({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  return (
    <Screen title={t('search.results')}>
      <div className={`${styles.page} ${styles.resultPage}`}>
        <SearchBox key={keyword} initial={keyword} />
        {keyword.trim() ? <Results keyword={keyword.trim()} /> : <EmptyState title={t('search.enterKeyword')} />}
      </div>
    </Screen>
  );
}

function Results({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const query = useSearchVideos(keyword);

  // Creators, tags and posts go above the videos: the list waits for them (they load side by side)
  // so it never jumps down when they arrive.
  const sections = useSearchSections(keyword);
  const posts = useSearchPosts(keyword);
  const sectionsPending = sections.isPending || posts.isPending;

  if (query.isPending || sectionsPending) {
    return <VideoRowListSkeleton count={6} />;
  }
  if (query.isError) return <LoadFailed title={t('search.failed')} error={query.error} onRetry={() => void query.refetch()} />;
  const total = query.data.pages[0]?.total ?? 0;
  const videos = query.data.pages.flatMap((p) => p.list);
  const above = <SearchSections keyword={keyword} highlight={(text) => <Highlighted text={text} keyword={keyword} />} />;
  if (total === 0) {
    return (
      <div className={styles.results}>
        {above}
        <EmptyState title={t('search.noVideos')} description={t('search.noVideosHint')} />
      </div>
    );
  }
  return (
    <section className={styles.results} aria-label={t('search.videos')}>
      {above}
      <p className={styles.count} data-testid="search-total">
        {t('search.found', { total })}
      </p>
      <VideoRowList className={styles.resultGrid}>
        {videos.map((video) => (
          <VideoRow key={video.id} video={video} testId="search-result" title={<Highlighted text={video.title} keyword={keyword} />} />
        ))}
      </VideoRowList>
      <ListFooter query={query} />
    </section>
  );
}
