import type { ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import { PagedList } from '../../components/paged-list.tsx';
import { Screen } from '../../components/screen.tsx';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { ListFooter } from '../../components/list-footer.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx';
import { TabList, tabId } from '../../components/ui/tab-list.tsx';
import { VideoRow, VideoRowList, VideoRowListSkeleton } from '../../components/video-row.tsx';
import { useSearchActresses } from './api/search-actresses.ts';
import { useSearchPostList, useSearchPosts } from './api/search-posts.ts';
import { useSearchSections } from './api/search-sections.ts';
import { useSearchVideos } from './api/search-videos.ts';
import { Highlighted } from '../../components/highlighted.tsx';
import { hrefOf } from '../../lib/navigation.ts';
import { useIsPc } from '../../stores/layout-store.ts';
import { SearchBox } from './search-box.tsx';
import { ActressLink, PostLink, SearchSections, TagLink, type Highlight } from './search-sections.tsx';
import { SEARCH_TABS, type SearchTab } from './search-tabs.ts';
import styles from './search.module.css';
import { useTranslation } from '../../i18n/index.ts';
import chip from '../../components/ui/chip.module.css';
import underline from '../../components/ui/underline-tabs.module.css';

/**
 * /searchResult?keyword=&type=: the results in tabs, 综合 (videos with the matching performers,
 * tags and posts above them) and one tab per type, each paged as it scrolls. The tab lives in the
 * address, so a reload or coming back from a result keeps it; switching replaces the entry. On
 * desktop the header's box holds the keyword; phones have the page's own box.
 */
export function SearchResultPage({ keyword, tab }: { keyword: string; tab: SearchTab }) {
  const { t } = useTranslation();
  const isPc = useIsPc();
  const router = useRouter();
  const term = keyword.trim();
  const select = (next: SearchTab) => router.history.replace(hrefOf('/searchResult', { keyword, type: next === 'all' ? undefined : next }));
  return (
    <Screen title={t('search.results')} testId="search-result-page" data={{ 'data-tab': tab }}>
      <div className={`${styles.page} ${styles.resultPage}`}>
        {isPc ? null : <SearchBox key={keyword} initial={keyword} />}
        {term ? (
          <>
            <TabList
              tabs={SEARCH_TABS.map((key) => ({ key, label: t(`searchBar.tab.${key}`), testId: 'search-tab' }))}
              selected={tab}
              onSelect={select}
              label={t('searchBar.tabs')}
              idBase="search"
              className={`${underline.tabs} ${styles.tabs}`}
              tabClassName={`${underline.tab} ${styles.tab}`}
            />
            <div role="tabpanel" id="search-panel" aria-labelledby={tabId('search', tab)} className={styles.results}>
              <TabPanel key={`${tab} ${term}`} keyword={term} tab={tab} onSeeAll={select} />
            </div>
          </>
        ) : (
          <EmptyState title={t('search.enterKeyword')} />
        )}
      </div>
    </Screen>
  );
}

function TabPanel({ keyword, tab, onSeeAll }: { keyword: string; tab: SearchTab; onSeeAll: (tab: SearchTab) => void }) {
  const highlight: Highlight = (text) => <Highlighted text={text} keyword={keyword} />;
  switch (tab) {
    case 'all':
      return <AllResults keyword={keyword} highlight={highlight} onSeeAll={onSeeAll} />;
    case 'video':
      return <VideoResults keyword={keyword} />;
    case 'actress':
      return <ActressResults keyword={keyword} highlight={highlight} />;
    case 'tag':
      return <TagResults keyword={keyword} highlight={highlight} />;
    case 'post':
      return <PostResults keyword={keyword} highlight={highlight} />;
  }
}

/** 综合: the videos, with the performers, tags and posts that match above them. */
function AllResults({ keyword, highlight, onSeeAll }: { keyword: string; highlight: Highlight; onSeeAll: (tab: SearchTab) => void }) {
  // Creators, tags and posts go above the videos: the list waits for them (they load side by side)
  // so it never jumps down when they arrive.
  const sections = useSearchSections(keyword);
  const posts = useSearchPosts(keyword);
  if (sections.isPending || posts.isPending) return <VideoRowListSkeleton count={6} />;
  return <VideoResults keyword={keyword} above={<SearchSections keyword={keyword} highlight={highlight} onSeeAll={onSeeAll} />} />;
}

/** The matching videos, a page as the list scrolls; `above` goes over them (综合's sections). */
function VideoResults({ keyword, above }: { keyword: string; above?: ReactNode }) {
  const { t } = useTranslation();
  const query = useSearchVideos(keyword);
  if (query.isPending) return <VideoRowListSkeleton count={6} />;
  if (query.isError) return <LoadFailed title={t('search.failed')} error={query.error} onRetry={() => void query.refetch()} />;
  const total = query.data.pages[0]?.total ?? 0;
  const videos = query.data.pages.flatMap((p) => p.list);
  if (total === 0) {
    return (
      <>
        {above}
        <EmptyState title={t('search.noVideos')} description={t('search.noVideosHint')} />
      </>
    );
  }
  return (
    <>
      {above}
      <section className={styles.results} aria-label={t('search.videos')}>
        <h2 className={styles.total} data-testid="search-total">
          {t('search.found', { total })}
        </h2>
        <VideoRowList className={styles.resultGrid}>
          {videos.map((video) => (
            <VideoRow key={video.id} video={video} testId="search-result" title={<Highlighted text={video.title} keyword={keyword} />} />
          ))}
        </VideoRowList>
        <ListFooter query={query} />
      </section>
    </>
  );
}

/** 演员: every matching performer, in a grid, paged as it scrolls. */
function ActressResults({ keyword, highlight }: { keyword: string; highlight: Highlight }) {
  const { t } = useTranslation();
  const query = useSearchActresses(keyword);
  return (
    <PagedList
      query={query}
      label={t('search.actresses')}
      loading={
        <Loading className={styles.peopleGrid} count={12}>
          <Skeleton className={styles.personSkeleton} />
        </Loading>
      }
      failedTitle={t('search.failed')}
      empty={<EmptyState title={t('searchBar.noActresses')} description={t('search.noVideosHint')} />}
    >
      {(actresses) => (
        <>
          <h2 className={`${styles.total} ${styles.listCount}`} data-testid="search-total">
            {t('searchBar.foundActresses', { total: query.data?.pages[0]?.total ?? actresses.length })}
          </h2>
          <ul className={styles.peopleGrid}>
            {actresses.map((actress) => (
              <li key={actress.id}>
                <ActressLink actress={actress} highlight={highlight} />
              </li>
            ))}
          </ul>
        </>
      )}
    </PagedList>
  );
}

/** 标签: every matching tag (the server answers them in one page). */
function TagResults({ keyword, highlight }: { keyword: string; highlight: Highlight }) {
  const { t } = useTranslation();
  const query = useSearchSections(keyword);
  if (query.isPending) {
    return (
      <Loading className={chip.list} count={8}>
        <Skeleton className={styles.tagSkeleton} />
      </Loading>
    );
  }
  if (query.isError) return <LoadFailed title={t('search.failed')} error={query.error} onRetry={() => void query.refetch()} />;
  const tags = query.data.tags;
  if (tags.length === 0) return <EmptyState title={t('searchBar.noTags')} description={t('search.noVideosHint')} />;
  return (
    <section aria-label={t('search.tags')}>
      <h2 className={`${styles.total} ${styles.listCount}`} data-testid="search-total">
        {t('searchBar.foundTags', { total: tags.length })}
      </h2>
      <ul className={`${chip.list} ${styles.tagList}`}>
        {tags.map((tag) => (
          <li key={tag.id}>
            <TagLink tag={tag} highlight={highlight} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 帖子: every matching post, newest first, paged as it scrolls. */
function PostResults({ keyword, highlight }: { keyword: string; highlight: Highlight }) {
  const { t } = useTranslation();
  const query = useSearchPostList(keyword);
  return (
    <PagedList
      query={query}
      label={t('search.posts')}
      loading={
        <Loading className={styles.posts} count={4}>
          <Skeleton className={styles.postSkeleton} />
        </Loading>
      }
      failedTitle={t('search.failed')}
      empty={<EmptyState title={t('searchBar.noPosts')} description={t('search.noVideosHint')} />}
    >
      {(posts) => (
        <>
          <h2 className={`${styles.total} ${styles.listCount}`} data-testid="search-total">
            {t('searchBar.foundPosts', { total: query.data?.pages[0]?.total ?? posts.length })}
          </h2>
          <ul className={styles.posts}>
            {posts.map((post) => (
              <li key={post.id}>
                <PostLink post={post} highlight={highlight} />
              </li>
            ))}
          </ul>
        </>
      )}
    </PagedList>
  );
}
