import { Link } from '@tanstack/react-router';
import type { ActressItem, TagItem } from '../../../../protocol/content-api.ts';
import { MaskedImage } from '../../../components/ui/masked-image.tsx';
import styles from './video-credits.module.css';
import hit from '../../../components/ui/hit-area.module.css';
import { useTranslation } from '../../../i18n/index.ts';

/** The video's creators (to their pages) and its tags (to the tag's video list). */
export function VideoCredits({ actresses, tags }: { actresses: ActressItem[]; tags: TagItem[] }) {
  const { t } = useTranslation();
  if (!actresses.length && !tags.length) return null;
  return (
    <section className={styles.credits} aria-label={t('video.credits')}>
      {actresses.length > 0 && (
        <ul className={styles.people} aria-label={t('video.actresses')}>
          {actresses.map((a) => (
            <li key={a.id}>
              <Link to="/actressPage" search={{ id: a.id }} className={styles.person} data-testid="video-actress">
                <MaskedImage path={a.avatar} width={256} height={256} alt="" className={styles.avatar} />
                <span className={styles.name}>{a.name}</span>
                <span className={styles.intro}>{a.intro}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {tags.length > 0 && (
        <ul className={styles.tags} aria-label={t('video.tags')}>
          {tags.map((t) => (
            <li key={t.id}>
              <Link to="/tagDetails" search={{ tid: t.id, contentType: t.contentType }} className={`${styles.tag} ${hit.area}`} data-testid="video-tag">
                #{t.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
