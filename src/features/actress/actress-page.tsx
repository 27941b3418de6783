import { PagedList } from '../../components/paged-list.tsx';
import { FailedScreen, Screen } from '../../components/screen.tsx';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ActressDetail } from '../../../protocol/content-api.ts';
import { sortKeyOf } from '../../../protocol/content-api.ts';
import { SortTabs } from '../../components/sort-tabs.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { MaskedImage } from '../../components/ui/masked-image.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { VideoRow, VideoRowList, VideoRowListSkeleton } from '../../components/video-row.tsx';
import { saveActressVisit } from '../../lib/actress-records.ts';
import { formatCount } from '../../lib/format.ts';
import { paragraphsOf } from '../../lib/text.ts';
import { useActressDetail } from './api/actress-detail.ts';
import { useActressWorks } from './api/actress-works.ts';
import { FollowButton } from './components/follow-button.tsx';
import styles from './actress.module.css';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { useTranslation } from '../../i18n/index.ts';
import layout from '../../components/ui/page.module.css';
import chip from '../../components/ui/chip.module.css';
import hit from '../../components/ui/hit-area.module.css';

export const WORKS_SORT_LABELS = ['latest', 'hot', 'mostFavourited'] as const;

/** /actressPage?id=: a performer's profile, follow toggle and works. */
export function ActressPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useActressDetail(id);
  const detail = query.data;

  // Once per performer shown, not on every cache update (a follow toggle rewrites the detail).
  const name = detail?.name;
  const avatar = detail?.avatar;
  useEffect(() => {
    if (name !== undefined && avatar !== undefined) void saveActressVisit({ id, name, avatar });
  }, [id, name, avatar]);

  const title = t('actresses.page');
  if (query.isError) return <FailedScreen title={title} className={styles.page} query={query} notFound={<ActressNotFound />} />;
  return (
    <Screen title={title} className={styles.page} testId="actress-page" data={{ 'data-actress-id': id }}>
      {detail ? <Profile detail={detail} /> : <ProfileSkeleton />}
      {detail ? <Works id={id} total={detail.videoCount} /> : null}
    </Screen>
  );
}

export const ActressNotFound = () => (
  <NotFoundPage ns="actresses" header="actresses.page" to="/actressList" link="actresses.browseAll" testId="actress-not-found" className={styles.page} />
);

function Profile({ detail }: { detail: ActressDetail }) {
  const { t } = useTranslation();
  const paragraphs = paragraphsOf(detail.bio);
  return (
    <>
      <section className={styles.profile} aria-label={t('actresses.profile')}>
        <MaskedImage
          path={detail.cover}
          width={detail.coverWidth || 960}
          height={detail.coverHeight || 400}
          alt=""
          className={styles.hero}
          sizes="(min-width: 825px) 1200px, 100vw"
          loading="eager"
        />
        <div className={styles.identity}>
          <MaskedImage path={detail.avatar} width={256} height={256} alt={detail.name} className={styles.profileAvatar} sizes="96px" loading="eager" />
          <div className={styles.identityText}>
            <h2 className={styles.profileName} data-testid="actress-name">
              {detail.name}
            </h2>
            {detail.intro ? <p className={styles.profileIntro}>{detail.intro}</p> : null}
            <p className={styles.profileStats}>
              <span>
                <b>{formatCount(detail.videoCount)}</b> {t('labels.works')}
              </span>
              <span>
                <b data-testid="actress-fans">{formatCount(detail.fansCount)}</b> {t('labels.fans')}
              </span>
            </p>
          </div>
          <FollowButton id={detail.id} followed={detail.isCollect} />
        </div>
      </section>
      {detail.tags.length > 0 ? (
        <ul className={`${chip.list} ${styles.tagRow}`} aria-label={t('actresses.tags')}>
          {detail.tags.map((tag) => (
            <li key={tag.id}>
              <Link to="/actressList" search={{ tid: tag.id }} className={`${chip.quiet} ${hit.area} ${styles.chip}`} data-testid="actress-tag">
                {tag.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {paragraphs.length > 0 ? (
        <section className={styles.bio} aria-labelledby="actress-bio">
          <h2 id="actress-bio" className={layout.sectionTitle}>
            {t('actresses.bio')}
          </h2>
          {paragraphs.map((text, i) => (
            <p key={i}>{text}</p>
          ))}
        </section>
      ) : null}
    </>
  );
}

function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.profile} aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton className={styles.heroSkeleton} />
      <div className={styles.identity}>
        <Skeleton className={styles.profileAvatar} />
        <div className={styles.identityText}>
          <Skeleton className={styles.lineWide} />
          <Skeleton className={styles.lineNarrow} />
        </div>
      </div>
    </div>
  );
}

function Works({ id, total }: { id: number; total: number }) {
  const { t } = useTranslation();
  const [sort, setSort] = useState(0);
  const query = useActressWorks(id, sortKeyOf(sort));
  return (
    <section className={styles.works} aria-labelledby="actress-works">
      <div className={styles.worksHead}>
        <h2 id="actress-works" className={layout.sectionTitle}>
          {t('actresses.works')} <span className={styles.dim}>{total}</span>
        </h2>
        <SortTabs label={t('actresses.worksSort')} labels={WORKS_SORT_LABELS} value={sort} onChange={setSort} />
      </div>
      <PagedList
        query={query}
        label={t('actresses.works')}
        loading={<VideoRowListSkeleton count={4} grid />}
        failedTitle={t('actresses.worksFailed')}
        empty={<EmptyState title={t('actresses.noWorks')} />}
      >
        {(videos) => (
          <VideoRowList grid testId="actress-works">
            {videos.map((video) => (
              <VideoRow key={video.id} video={video} testId="actress-work" />
            ))}
          </VideoRowList>
        )}
      </PagedList>
    </section>
  );
}
