import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Screen } from '../../components/screen.tsx';
import { WriteReviewDialog } from '../../components/write-review.tsx';
import button from '../../components/ui/button.module.css';
import { appStore } from '../../stores/app-store.ts';
import { showLogin } from '../../stores/auth-store.ts';
import { isUnknownId } from '../../lib/api-client.ts';
import { useRouter } from '@tanstack/react-router';
import { sortKeyOf } from '../../../protocol/content-api.ts';
import { SortTabs } from '../../components/sort-tabs.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { hrefOf } from '../../lib/navigation.ts';
import type { TagReviewSubject } from './api/review-keys.ts';
import { useTagReviews } from './api/tag-reviews.ts';
import { useReviewTagCategories } from './api/tag-categories.ts';
import { AppLink } from './components/app-link.tsx';
import { ReviewFeed } from './components/review-feed.tsx';
import { TAG_REVIEW_SORT_LABELS } from './review-tabs.ts';
import { tagReviewHeading } from './tag-review-heading.ts';
import styles from './reviews.module.css';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { useTranslation } from '../../i18n/index.ts';
import chip from '../../components/ui/chip.module.css';
import hit from '../../components/ui/hit-area.module.css';
import tagHead from '../../components/tag-heading.module.css';

export interface TagReviewsPageProps {
  subject: TagReviewSubject;
  sort: number;
}

/** /tagReviews?tid= or ?tagCateId=, with sort: the reviews carrying a tag, or any tag of a category. */
export function TagReviewsPage({ subject, sort }: TagReviewsPageProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const member = useSnapshot(appStore).userInfo?.isUser ?? false;
  const [writing, setWriting] = useState(false);
  const query = useTagReviews(subject, sortKeyOf(sort));
  const categories = useReviewTagCategories();
  const heading = categories.data ? tagReviewHeading(categories.data, subject) : null;

  if (query.isError && isUnknownId(query.error)) return <TagReviewsNotFound />;

  const subjectSearch = subject.tid !== undefined ? { tid: subject.tid } : { tagCateId: subject.tagCateId };
  const changeSort = (next: number) => router.history.replace(hrefOf('/tagReviews', { ...subjectSearch, sort: next || undefined }));
  const total = query.data?.pages[0]?.total;

  return (
    <Screen title={heading ? t('reviews.ofTag', { name: heading.name }) : t('reviews.tagReviews')} className={styles.page} testId="tag-reviews-page">
      <header className={styles.tagHead} data-testid="tag-reviews-head">
        {heading ? (
          <>
            <h2 className={styles.tagName}>
              <span className={tagHead.hash} aria-hidden="true">
                #
              </span>
              {heading.name}
            </h2>
            <p className={tagHead.meta}>
              {heading.tag ? (
                <AppLink
                  to="/tagReviews"
                  search={{ tagCateId: heading.category.id }}
                  className={`${tagHead.category} ${styles.tagCategory}`}
                  testId="tag-reviews-category"
                >
                  {heading.category.name}
                </AppLink>
              ) : (
                <span>{t('tags.category')}</span>
              )}
              <span aria-hidden="true"> · </span>
              <span data-testid="tag-reviews-total">{total === undefined ? '…' : t('reviews.total', { total })}</span>
            </p>
          </>
        ) : (
          <>
            <Skeleton className={styles.tagNameSkeleton} />
            <Skeleton className={styles.tagMetaSkeleton} />
          </>
        )}
      </header>
      {heading && heading.category.tags.length > 1 ? (
        <ul className={`${chip.list} ${styles.chips}`} aria-label={t('tags.inCategory', { name: heading.category.name })}>
          {heading.category.tags.map((tag) => (
            <li key={tag.id}>
              <AppLink
                to="/tagReviews"
                search={{ tid: tag.id, sort: sort || undefined }}
                className={`${chip.chip} ${hit.area}`}
                current={tag.id === subject.tid}
                testId="tag-reviews-chip"
              >
                {tag.name}
              </AppLink>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.toolbar}>
        <SortTabs label={t('reviews.sort')} labels={TAG_REVIEW_SORT_LABELS} value={sort} onChange={changeSort} />
        <button
          type="button"
          className={`${button.button} ${button.small} ${styles.writeButton}`}
          onClick={() => (member ? setWriting(true) : showLogin())}
          data-testid="write-review"
        >
          {t('writeReview.open')}
        </button>
      </div>
      {writing ? <WriteReviewDialog onClose={() => setWriting(false)} /> : null}
      <ReviewFeed query={query} emptyText={t('reviews.emptyTag')} />
    </Screen>
  );
}

export const TagReviewsNotFound = () => (
  <NotFoundPage ns="tags" header="reviews.tagReviews" to="/nav/reviews" link="reviews.browseAll" testId="tag-reviews-not-found" className={styles.page} />
);
