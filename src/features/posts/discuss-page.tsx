import { Link, useRouter } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { CONTENT_API, type PostCenter } from '../../../protocol/content-api.ts';
import { PagedList } from '../../components/paged-list.tsx';
import { PostCard, PostCardSkeleton } from '../../components/post-card.tsx';
import { Screen } from '../../components/screen.tsx';
import { SortTabs } from '../../components/sort-tabs.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Loading } from '../../components/ui/skeleton.tsx';
import button from '../../components/ui/button.module.css';
import chip from '../../components/ui/chip.module.css';
import hit from '../../components/ui/hit-area.module.css';
import layout from '../../components/ui/page.module.css';
import panel from '../../components/ui/panel.module.css';
import { useTranslation } from '../../i18n/index.ts';
import { apiPost } from '../../lib/api-client.ts';
import { memberKeys } from '../../lib/member-queries.ts';
import { formatCount } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { appStore } from '../../stores/app-store.ts';
import { showLogin } from '../../stores/auth-store.ts';
import { useDiscussFeed, useMayLike, usePostTags, useReviewRank, type FeedSort } from './api/discuss.ts';
import styles from './discuss.module.css';

/** /discuss?tag=&sort=: the discussion feed by topic, newest or hottest, with the side column's lists. */
export function DiscussPage({ tagId, sort }: { tagId: number | undefined; sort: FeedSort }) {
  const { t } = useTranslation();
  const router = useRouter();
  const tags = usePostTags();
  const feed = useDiscussFeed(tagId, sort);
  // Topic and order live in the address, so a reload or a shared link keeps them; switching is not a new page.
  const go = (next: { tag?: number; sort: FeedSort }) =>
    router.history.replace(hrefOf('/discuss', { tag: next.tag, sort: next.sort === 'hot' ? 1 : undefined }));
  return (
    <Screen title={t('discuss.title')} className={styles.page} testId="discuss-page">
      <div className={styles.layout}>
        <div className={styles.main}>
          <nav aria-label={t('discuss.tags')}>
            <ul className={`${chip.row} ${styles.tags}`} data-testid="discuss-tags">
              <li>
                <button
                  type="button"
                  className={`${chip.chip} ${hit.area}`}
                  aria-pressed={tagId === undefined}
                  onClick={() => go({ sort })}
                  data-testid="discuss-tag"
                >
                  {t('discuss.all')}
                </button>
              </li>
              {(tags.data ?? []).map((tag) => (
                <li key={tag.id}>
                  <button
                    type="button"
                    className={`${chip.chip} ${hit.area}`}
                    aria-pressed={tagId === tag.id}
                    aria-label={t('discuss.tagCount', { name: tag.name, count: tag.postCount })}
                    onClick={() => go({ tag: tag.id, sort })}
                    data-testid="discuss-tag"
                  >
                    #{tag.name}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <div className={styles.toolbar}>
            <SortTabs
              labels={['latest', 'hot']}
              value={sort === 'hot' ? 1 : 0}
              onChange={(n) => go({ tag: tagId, sort: n === 1 ? 'hot' : 'latest' })}
              label={t('discuss.sortLabel')}
            />
            <WriteButton className={styles.writeInline} />
          </div>
          <PagedList
            query={feed}
            label={t('a11y.postFeed')}
            heading
            loading={
              <Loading className={styles.feed}>
                <PostCardSkeleton />
                <PostCardSkeleton />
                <PostCardSkeleton />
              </Loading>
            }
            failedTitle={t('discuss.failed')}
            empty={<EmptyState title={t('discuss.empty')} description={t('discuss.emptyHint')} action={<WriteButton />} />}
          >
            {(posts) => (
              <ul className={styles.feed} data-testid="discuss-feed">
                {posts.map((post) => (
                  <li key={post.id}>
                    <PostCard post={post} />
                  </li>
                ))}
              </ul>
            )}
          </PagedList>
        </div>
        <aside className={styles.aside}>
          <PostCentre />
          <ReviewRank />
          <MayLike />
        </aside>
      </div>
      <WriteButton className={styles.fab} floating />
    </Screen>
  );
}

/** 发帖: members go to /post; guests are asked to sign in first (SPEC §6). */
function WriteButton({ className = '', floating = false }: { className?: string; floating?: boolean }) {
  const { t } = useTranslation();
  const member = useSnapshot(appStore).userInfo?.isUser ?? false;
  const label = t('discuss.write');
  if (!member) {
    return (
      <button
        type="button"
        className={`${button.button} ${button.primary} ${className}`}
        onClick={() => showLogin()}
        data-testid={floating ? 'discuss-write-fab' : 'discuss-write'}
      >
        {floating ? <span aria-hidden="true">＋</span> : null}
        {label}
      </button>
    );
  }
  return (
    <Link to="/post" className={`${button.button} ${button.primary} ${className}`} data-testid={floating ? 'discuss-write-fab' : 'discuss-write'}>
      {floating ? <span aria-hidden="true">＋</span> : null}
      {label}
    </Link>
  );
}

/** The member's post centre in brief: counts per status, leading to 我的帖子 on /mine. */
function PostCentre() {
  const { t } = useTranslation();
  const info = useSnapshot(appStore).userInfo;
  const userId = info?.isUser ? info.id : 0;
  const centre = useQuery({
    queryKey: [...memberKeys.of(userId), 'posts', 'summary'],
    queryFn: () => apiPost<PostCenter>(CONTENT_API.postCenter, { page: 1, pageSize: 1 }),
    enabled: userId > 0,
    staleTime: 30_000,
  });
  if (!userId) return null;
  const counts = centre.data?.counts;
  return (
    <section className={`${panel.panel} ${styles.centre}`} aria-labelledby="discuss-centre" data-testid="discuss-centre">
      <h2 id="discuss-centre" className={layout.sectionTitle}>
        <Link to="/mine" hash="my-posts">
          {t('discuss.center')}
        </Link>
      </h2>
      <p className={styles.centreCounts}>{counts ? t('discuss.centerCounts', counts) : '\u00a0'}</p>
    </section>
  );
}

function ReviewRank() {
  const { t } = useTranslation();
  const rank = useReviewRank();
  if (!rank.data?.length) return null;
  return (
    <section className={`${panel.panel} ${styles.rank}`} aria-labelledby="discuss-rank" data-testid="review-rank">
      <h2 id="discuss-rank" className={layout.sectionTitle}>
        {t('discuss.reviewRank')}
      </h2>
      <ol className={styles.rankList}>
        {rank.data.map((review, i) => (
          <li key={review.id}>
            <Link to="/reviewDetail" search={{ id: review.id }} className={styles.rankItem} data-testid="review-rank-item">
              <span className={styles.rankNo} data-top={i < 3}>
                {i + 1}
              </span>
              <span className={styles.rankTitle}>{review.title}</span>
              <span className={styles.rankLikes}>{t('counts.likes', { count: formatCount(review.likeCount) })}</span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

function MayLike() {
  const { t } = useTranslation();
  const liked = useMayLike(undefined);
  if (!liked.data?.length) return null;
  return (
    <section className={styles.mayLike} aria-labelledby="discuss-maylike" data-testid="may-like">
      <h2 id="discuss-maylike" className={layout.sectionTitle}>
        {t('discuss.mayLike')}
      </h2>
      <ul className={styles.mayLikeList}>
        {liked.data.map((post) => (
          <li key={post.id}>
            <PostCard post={post} compact />
          </li>
        ))}
      </ul>
    </section>
  );
}
