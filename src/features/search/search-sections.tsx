import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ActressItem, PostItem, TagItem } from '../../../protocol/content-api.ts';
import { MaskedImage } from '../../components/ui/masked-image.tsx';
import { formatCount, formatRelativeTime } from '../../lib/format.ts';
import { CONTENT_TYPE } from '../../lib/navigation.ts';
import { uniqueItems } from '../../lib/paging.ts';
import { useSearchPosts } from './api/search-posts.ts';
import { useSearchSections } from './api/search-sections.ts';
import type { SearchTab } from './search-tabs.ts';
import styles from './search.module.css';
import { useTranslation } from '../../i18n/index.ts';
import chip from '../../components/ui/chip.module.css';

export type Highlight = (text: string) => ReactNode;

/**
 * Creators, tags and posts matching the keyword, above the video results of 综合. Nothing is shown
 * while they load or when nothing matches: the video list below is the main answer and must not
 * jump. `onSeeAll` opens a section's own tab.
 */
export function SearchSections({ keyword, highlight, onSeeAll }: { keyword: string; highlight: Highlight; onSeeAll: (tab: SearchTab) => void }) {
  return (
    <>
      <PeopleAndTags keyword={keyword} highlight={highlight} onSeeAll={onSeeAll} />
      <PostsSection keyword={keyword} highlight={highlight} />
    </>
  );
}

/** A performer: avatar, name and fans, opening their page. */
export function ActressLink({ actress, highlight }: { actress: ActressItem; highlight: Highlight }) {
  const { t } = useTranslation();
  return (
    <Link to="/actressPage" search={{ id: actress.id }} className={styles.person} data-testid="search-actress">
      <MaskedImage path={actress.avatar} width={256} height={256} alt="" className={styles.avatar} />
      <span className={styles.personName}>{highlight(actress.name)}</span>
      <span className={styles.personMeta}>{t('counts.fans', { count: formatCount(actress.fansCount) })}</span>
    </Link>
  );
}

/** A tag chip, opening the performers (creator tags) or the tag's page. */
export function TagLink({ tag, highlight }: { tag: TagItem; highlight: Highlight }) {
  return tag.contentType === CONTENT_TYPE.ACTRESS ? (
    <Link to="/actressList" search={{ tid: tag.id }} className={styles.chip} data-testid="search-tag">
      # {highlight(tag.name)}
    </Link>
  ) : (
    <Link to="/tagDetails" search={{ tid: tag.id, contentType: tag.contentType }} className={styles.chip} data-testid="search-tag">
      # {highlight(tag.name)}
    </Link>
  );
}

/** A post: title and excerpt carrying the highlight, author, time and counts. */
export function PostLink({ post, highlight }: { post: PostItem; highlight: Highlight }) {
  const { t } = useTranslation();
  return (
    <Link to="/postDetail" search={{ id: post.id }} className={styles.post} data-testid="search-post" data-post-id={post.id}>
      <h3 className={styles.postTitle}>{highlight(post.title)}</h3>
      <p className={styles.postSummary}>{highlight(post.summary)}</p>
      <p className={styles.postMeta}>
        <span className={styles.postAuthor}>{post.author.nickname}</span>
        <time dateTime={post.createdAt}>{formatRelativeTime(post.createdAt)}</time>
        <span>{t('counts.views', { count: formatCount(post.viewCount) })}</span>
        <span>{t('counts.likes', { count: formatCount(post.likeCount) })}</span>
        <span>{t('counts.comments', { count: formatCount(post.commentCount) })}</span>
      </p>
    </Link>
  );
}

function PeopleAndTags({ keyword, highlight, onSeeAll }: { keyword: string; highlight: Highlight; onSeeAll: (tab: SearchTab) => void }) {
  const { t } = useTranslation();
  const { data } = useSearchSections(keyword);
  if (!data || (!data.actresses.length && !data.tags.length)) return null;
  return (
    <>
      {data.actresses.length > 0 && (
        <section className={styles.section} aria-label={t('search.actresses')}>
          <div className={styles.sectionHead}>
            <h2 className={styles.heading}>
              {t('search.actresses')} <span className={styles.count}>{data.actressTotal}</span>
            </h2>
            {data.actressTotal > data.actresses.length ? (
              <button type="button" className={styles.link} onClick={() => onSeeAll('actress')}>
                {t('searchBar.seeAll')}
              </button>
            ) : null}
          </div>
          <ul className={styles.people}>
            {data.actresses.map((a) => (
              <li key={a.id}>
                <ActressLink actress={a} highlight={highlight} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.tags.length > 0 && (
        <section className={styles.section} aria-label={t('search.tags')}>
          <h2 className={styles.heading}>{t('search.tags')}</h2>
          <ul className={chip.list}>
            {data.tags.map((tag) => (
              <li key={tag.id}>
                <TagLink tag={tag} highlight={highlight} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** 相关帖子: a few posts, newest first, with more a tap away; title and excerpt carry the highlight. */
function PostsSection({ keyword, highlight }: { keyword: string; highlight: Highlight }) {
  const { t } = useTranslation();
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = useSearchPosts(keyword);
  const posts = data ? uniqueItems(data.pages) : [];
  if (!posts.length) return null;
  return (
    <section className={styles.section} aria-label={t('search.posts')} data-testid="search-posts">
      <h2 className={styles.heading}>
        {t('search.posts')} <span className={styles.count}>{data?.pages[0]?.total}</span>
      </h2>
      <ul className={styles.posts}>
        {posts.map((p) => (
          <li key={p.id}>
            <PostLink post={p} highlight={highlight} />
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <button type="button" className={styles.link} disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {isFetchingNextPage ? t('common.loadingMore') : t('search.morePosts')}
        </button>
      ) : null}
    </section>
  );
}
