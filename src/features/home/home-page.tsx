import { useProgressive } from '../../lib/use-progressive.ts';
import { HOME_ID, type Advertise } from '../../../protocol/api.ts';
import { CategoryMenu } from '../../components/category-menu.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { CarouselSkeleton } from '../../components/carousel.tsx';
import { PullToRefresh } from '../../components/pull-to-refresh.tsx';
import { AD_POSITION, adsAt } from '../../lib/advertise.ts';
import { useIsPc } from '../../stores/layout-store.ts';
import { useConfig } from '../../stores/config-store.ts';
import { homeIndexKeys, useHomeIndex } from './api/home-index.ts';
import { refreshVideoList } from './api/video-list.ts';
import { AdCarousel, BANNER_SIZE, BannerCarousel } from './components/home-carousels.tsx';
import { HomeBoxes, HomeBoxesSkeleton } from './components/home-boxes.tsx';
import { RankingLists, RankingListsSkeleton } from './components/ranking-lists.tsx';
import { VideoGrid } from './components/video-grid.tsx';
import sections from './components/home-sections.module.css';
import styles from './home-page.module.css';
import hidden from '../../components/ui/visually-hidden.module.css';
import { useTranslation } from '../../i18n/index.ts';

export interface HomePageProps {
  categoryId: number;
  title?: string;
}

/** Banners, boxes and rankings of home/index above the paged list; skeletons hold their place. */
function HomeSections({ categoryId, bannerAds }: { categoryId: number; bannerAds: readonly Advertise[] }) {
  const query = useHomeIndex(categoryId);
  const all = useProgressive(query.data !== undefined);
  const ads =
    bannerAds.length > 0 ? (
      <div className={sections.section}>
        <AdCarousel ads={bannerAds} />
      </div>
    ) : null;
  if (query.isPending) {
    return (
      <div data-testid="home-sections-loading">
        {/* Only home is known to carry banners; a category page would show a box that then vanished. */}
        {categoryId === HOME_ID ? <CarouselSkeleton width={BANNER_SIZE.width} height={BANNER_SIZE.height} perViewDesktop={2} /> : null}
        {ads}
        <HomeBoxesSkeleton />
        <RankingListsSkeleton />
      </div>
    );
  }
  // A failed home/index was already reported by the API client; the list below still works.
  if (query.isError) return ads;
  const { banners, boxes, rankings } = query.data;
  return (
    <>
      {banners.length > 0 ? <BannerCarousel banners={banners} /> : null}
      {ads}
      <HomeBoxes boxes={all ? boxes : boxes.slice(0, 1)} />
      {all ? <RankingLists rankings={rankings} /> : <RankingListsSkeleton />}
    </>
  );
}

export function HomePage({ categoryId, title }: HomePageProps) {
  const { t } = useTranslation();
  // The desktop header already carries the category menu; a second one would only repeat it.
  const isPc = useIsPc();
  const config = useConfig();
  const bannerAds = categoryId === HOME_ID ? adsAt(config?.advertise, AD_POSITION.HOME_BANNER) : [];
  const listAds = adsAt(config?.advertise, AD_POSITION.HOME_LIST);
  const queryClient = useQueryClient();
  // Pulling down on a phone fetches the sections and the list's first page anew.
  const refresh = () =>
    Promise.all([queryClient.refetchQueries({ queryKey: homeIndexKeys.byCategory(categoryId) }), refreshVideoList(queryClient, categoryId)]);
  const content = (
    <div className={styles.content}>
      {/* One h1 per page: a category's name where the design shows it, else the site's name for assistive technology. */}
      {title ? <h1 className={styles.heading}>{title}</h1> : <h1 className={hidden.visuallyHidden}>{t('app.title')}</h1>}
      <HomeSections key={`sections-${categoryId}`} categoryId={categoryId} bannerAds={bannerAds} />
      <section className={`${sections.section} ${sections.listHead}`} aria-labelledby="home-list-title">
        <header className={sections.sectionHead}>
          <h2 id="home-list-title" className={sections.sectionTitle}>
            {categoryId === HOME_ID ? t('home.allVideos') : t('home.latestVideos')}
          </h2>
        </header>
        <VideoGrid key={categoryId} categoryId={categoryId} ads={listAds} />
      </section>
    </div>
  );
  return (
    <main className={styles.page} data-testid="home-page" data-category-id={categoryId}>
      {isPc ? null : (
        <div className={styles.menu}>
          <CategoryMenu activeId={categoryId} />
        </div>
      )}
      {isPc ? content : <PullToRefresh onRefresh={refresh}>{content}</PullToRefresh>}
    </main>
  );
}
