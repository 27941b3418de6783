import { highlightSegments } from '../lib/highlight.ts';
import styles from './highlighted.module.css';

/** `text` with every match of `keyword` in <mark> (search results, the FAQ); all of it plain escaped text. */
export function Highlighted({ text, keyword }: { text: string; keyword: string }) {
  return (
    <>
      {highlightSegments(text, keyword).map((segment, i) =>
        segment.match ? (
          <mark key={i} className={styles.mark}>
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
