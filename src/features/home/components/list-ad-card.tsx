import type { MouseEvent } from 'react';
import { MaskedImage } from '../../../components/ui/masked-image.tsx';
import { adLink, openAd } from '../../../lib/advertise.ts';
import type { AppNavigate } from '../../../lib/navigation.ts';
import { listAdLayout, type ListAd } from '../list-ads.ts';
import card from '../../../components/video-card.module.css';
import styles from './video-card.module.css';
import { useTranslation } from '../../../i18n/index.ts';

/** An ad in the home list: same footprint as a video card, marked 广告. */
export function ListAdCard({ entry, index, navigate }: { entry: ListAd; index: number; navigate: AppNavigate }) {
  const { t } = useTranslation();
  const { ad } = entry;
  const { width, height, span } = listAdLayout(ad);
  const link = adLink(ad);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    openAd(ad, { navigate });
  };
  return (
    <article
      className={span === 2 ? `${styles.card} ${styles.wideAd}` : styles.card}
      data-testid="list-ad"
      data-ad-id={ad.id}
      data-init-index={entry.initIndex}
      data-list-index={index}
    >
      <a className={card.link} href={link || '#'} onClick={open} title={ad.title} rel="noopener sponsored">
        <div className={`${card.thumb} ${styles.adThumb}`}>
          <MaskedImage
            path={ad.image}
            width={width}
            height={height}
            alt={ad.title}
            className={styles.adImage}
            sizes={span === 2 ? '(min-width: 1240px) 480px, (min-width: 825px) 48vw, 100vw' : '(min-width: 1240px) 240px, (min-width: 825px) 24vw, 50vw'}
          />
          <span className={styles.adBadge}>{t('home.ad')}</span>
        </div>
        <h3 className={card.title}>{ad.title}</h3>
        <p className={card.meta}>
          <span>{t('home.promoted')}</span>
        </p>
      </a>
    </article>
  );
}
