import type { Advertise } from '../../../../protocol/api.ts';
import type { HomeIndex } from '../../../../protocol/content-api.ts';
import { Carousel } from '../../../components/carousel.tsx';
import { adLink, openAd } from '../../../lib/advertise.ts';
import { bindHref, navigateByBind, useAppNavigate } from '../../../lib/navigation.ts';
import { useTranslation } from '../../../i18n/index.ts';

/** Banner images are 960×400; an item without a size hint is drawn in that box. */
export const BANNER_SIZE = { width: 960, height: 400 } as const;
/** The home_banner format: the size of an ad that does not name its own. */
export const AD_BANNER_SIZE = BANNER_SIZE;

export function BannerCarousel({ banners }: { banners: HomeIndex['banners'] }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const first = banners[0];
  return (
    <Carousel
      label={t('home.featured')}
      testId="home-banners"
      width={first?.imageWidth || BANNER_SIZE.width}
      height={first?.imageHeight || BANNER_SIZE.height}
      perViewDesktop={2}
      eager
      slides={banners.map((banner) => {
        const href = bindHref(banner);
        return {
          key: banner.id,
          image: banner.image,
          alt: banner.name,
          caption: banner.name,
          href,
          // bindType 0 leads nowhere (SPEC §2): the slide is a picture, not a link.
          onActivate: href === undefined ? undefined : () => navigateByBind(banner, navigate),
          data: { 'banner-id': banner.id, 'bind-type': banner.bindType, 'content-type': banner.contentType },
        };
      })}
    />
  );
}

export function AdCarousel({ ads }: { ads: readonly Advertise[] }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  // The slides share one box, at the ratio of the position's ads (one position, one format), so
  // each ad shows whole and the carousel's height is known before any picture arrives.
  const first = ads.find((ad) => ad.imageWidth > 0 && ad.imageHeight > 0);
  return (
    <Carousel
      label={t('home.ad')}
      testId="home-ads"
      width={first?.imageWidth ?? AD_BANNER_SIZE.width}
      height={first?.imageHeight ?? AD_BANNER_SIZE.height}
      perViewDesktop={3}
      autoplayMs={5000}
      eager
      slides={ads.map((ad) => ({
        key: ad.id,
        image: ad.image,
        alt: ad.title,
        caption: ad.title,
        href: adLink(ad) || undefined,
        onActivate: () => openAd(ad, { navigate }),
        badge: t('home.ad'),
        data: { 'ad-id': ad.id },
      }))}
    />
  );
}
