import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { MaskedImage } from '../../components/ui/masked-image.tsx';
import { formatCount, formatRelativeTime } from '../../lib/format.ts';
import { CONTENT_TYPE } from '../../lib/navigation.ts';
import { uniqueItems } from '../../lib/paging.ts';
import { useSearchPosts } from './api/search-posts.ts';
import { useSearchSections } from './api/search-sections.ts';
import styles from './search.module.css';
import { useTranslation } from '../../i18n/index.ts';
import chip from '../../components/ui/chip.module.css';

type Highlight = (text: string) => ReactNode;

/**
 * Creators, tags and posts matching the keyword, above the video results. Nothing is shown while
 * they load or when nothing matches: the video list below is the main answer and must not jump.
 */
export function SearchSections({ keyword, highlight }: { keyword: string; highlight: Highlight }) {
  return (
    <>
      <PeopleAndTags keyword={keyword} highlight={highlight} />
      <PostsSection keyword={keyword} highlight={highlight} />
    </>
  );
}

function PeopleAndTags({ keyword, highlight }: { keyword: string; highlight: Highlight }) {
  const { t } = useTranslation();
  const { data } = useSearchSections(keyword);
  if (!data || (!data.actresses.length && !data.tags.length)) return null;
  return (
    <>
      {data.actresses.length > 0 && (
        <section className={styles.section} aria-label={t('search.actresses')}>
          <h2 className={styles.heading}>
            {t('search.actresses')} <span className={styles.count}>{data.actressTotal}</span>
          </h2>
          <ul className={styles.people}>
            {data.actresses.map((a) => (
              <li key={a.id}>
                <Link to="/actressPage" search={{ id: a.id }} className={styles.person} data-testid="search-actress">
                  <MaskedImage path={a.avatar} width={256} height={256} alt="" className={styles.avatar} />
                  <span className={styles.personName}>{highlight(a.name)}</span>
                  <span className={styles.personMeta}>{t('counts.fans', { count: formatCount(a.fansCount) })}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.tags.length > 0 && (
        <section className={styles.section} aria-label={t('search.tags')}>
          <h2 className={styles.heading}>{t('search.tags')}</h2>
          <ul className={chip.list}>
            {data.tags.map((t) => (
              <li key={t.id}>
                {t.contentType === CONTENT_TYPE.ACTRESS ? (
                  <Link to="/actressList" search={{ tid: t.id }} className={styles.chip} data-testid="search-tag">
                    # {highlight(t.name)}
                  </Link>
                ) : (
                  <Link to="/tagDetails" search={{ tid: t.id, contentType: t.contentType }} className={styles.chip} data-testid="search-tag">
                    # {highlight(t.name)}
                  </Link>
                )}
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
            <Link to="/postDetail" search={{ id: p.id }} className={styles.post} data-testid="search-post" data-post-id={p.id}>
              <h3 className={styles.postTitle}>{highlight(p.title)}</h3>
              <p className={styles.postSummary}>{highlight(p.summary)}</p>
              <p className={styles.postMeta}>
                <span className={styles.postAuthor}>{p.author.nickname}</span>
                <time dateTime={p.createdAt}>{formatRelativeTime(p.createdAt)}</time>
                <span>{t('counts.views', { count: formatCount(p.viewCount) })}</span>
                <span>{t('counts.likes', { count: formatCount(p.likeCount) })}</span>
                <span>{t('counts.comments', { count: formatCount(p.commentCount) })}</span>
              </p>
            </Link>
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
