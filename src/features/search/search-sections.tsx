import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { MaskedImage } from '../../components/ui/masked-image.tsx';
import { formatCount } from '../../lib/format.ts';
import { CONTENT_TYPE } from '../../lib/navigation.ts';
import { useSearchSections } from './api/search-sections.ts';
import styles from './search.module.css';

/**
 * Creators and tags matching the keyword, above the video results. Nothing is shown while they load
 * or when nothing matches: the video list below is the main answer and must not jump.
 */
export function SearchSections({ keyword, highlight }: { keyword: string; highlight: (text: string) => ReactNode }) {
  const { data } = useSearchSections(keyword);
  if (!data || (!data.actresses.length && !data.tags.length)) return null;
  return (
    <>
      {data.actresses.length > 0 && (
        <section className={styles.section} aria-label="相关演员">
          <h2 className={styles.heading}>相关演员 <span className={styles.count}>{data.actressTotal}</span></h2>
          <ul className={styles.people}>
            {data.actresses.map((a) => (
              <li key={a.id}>
                <Link to="/actressPage" search={{ id: a.id }} className={styles.person} data-testid="search-actress">
                  <MaskedImage path={a.avatar} width={256} height={256} alt="" className={styles.avatar} />
                  <span className={styles.personName}>{highlight(a.name)}</span>
                  <span className={styles.personMeta}>{formatCount(a.fansCount)} 粉丝</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.tags.length > 0 && (
        <section className={styles.section} aria-label="相关标签">
          <h2 className={styles.heading}>相关标签</h2>
          <ul className={styles.chips}>
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
