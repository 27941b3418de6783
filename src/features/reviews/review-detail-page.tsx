import { Counts } from '../../components/counts.tsx';
import { FailedScreen, Screen } from '../../components/screen.tsx';
import { useEffect } from 'react';
import type { ReviewDetail } from '../../../protocol/content-api.ts';
import { ArticleByline } from '../../components/article-byline.tsx';
import article from '../../components/article.module.css';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { VideoRow, VideoRowList } from '../../components/video-row.tsx';
import { saveReviewVisit } from '../../lib/review-records.ts';
import { paragraphsOf } from '../../lib/text.ts';
import { useReviewDetail } from './api/review-detail.ts';
import { AppLink } from './components/app-link.tsx';
import { starsOf } from './review-tabs.ts';
import styles from './reviews.module.css';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { CommentSection } from '../../components/comments/comment-section.tsx';
import { ContentMenu } from '../../components/safety/content-menu.tsx';
import { useTranslation } from '../../i18n/index.ts';
import layout from '../../components/ui/page.module.css';
import chip from '../../components/ui/chip.module.css';
import hit from '../../components/ui/hit-area.module.css';
import badge from '../../components/ui/badge.module.css';
import panel from '../../components/ui/panel.module.css';

/** /reviewDetail?id=: the whole review as plain text, its video and its tags; the visit is recorded locally. */
export function ReviewDetailPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useReviewDetail(id);
  const detail = query.data;

  // Once per review shown: the record is the reviews store of SPEC §3 (review browsing records).
  useEffect(() => {
    if (detail) void saveReviewVisit(detail);
  }, [detail]);

  const title = t('reviews.detail');
  if (query.isError) return <FailedScreen title={title} className={styles.page} query={query} notFound={<ReviewNotFound />} />;
  return (
    <Screen title={title} className={styles.page} testId="review-detail-page">
      {detail ? <Review detail={detail} /> : <ReviewSkeleton />}
    </Screen>
  );
}

function Review({ detail }: { detail: ReviewDetail }) {
  const { t } = useTranslation();
  const stars = starsOf(detail.score);
  return (
    <div className={article.layout}>
      <div className={article.main}>
        <article className={`${panel.panel} ${article.article}`} data-testid="review-detail" data-review-id={detail.id}>
          <h2 className={article.title} data-testid="review-title">
            {detail.selected ? <span className={`${badge.badge} ${styles.badge}`}>{t('sort.selected')}</span> : null}
            {detail.title}
          </h2>
          <ArticleByline author={detail.author} createdAt={detail.createdAt} authorTestId="review-author">
            <div className={styles.scoreBox} data-testid="review-score" aria-label={t('reviews.scoreOutOf', { score: detail.score })}>
              <span className={styles.scoreValue}>{detail.score}</span>
              <span className={styles.stars} aria-hidden="true">
                {'★'.repeat(stars.full)}
                {stars.half ? <span className={styles.halfStar}>★</span> : null}
                <span className={styles.emptyStars}>{'★'.repeat(stars.empty)}</span>
              </span>
            </div>
            <ContentMenu
              report={{ targetType: 'review', targetId: detail.id }}
              author={detail.author}
              canBlock={false}
              className={styles.more}
              testId="review-more"
            />
          </ArticleByline>
          <div className={article.body} data-testid="review-body">
            {paragraphsOf(detail.content).map((text, i) => (
              <p key={i}>{text}</p>
            ))}
          </div>
          <Counts
            className={article.stats}
            items={[
              [detail.likeCount, t('labels.likes')],
              [detail.commentCount, t('labels.comments')],
            ]}
          />
        </article>
        <CommentSection contentType={3} id={detail.id} total={detail.commentCount} className={`${panel.panel} ${article.comments}`} />
      </div>
      <aside className={article.aside}>
        <section aria-labelledby="review-video-heading">
          <h2 id="review-video-heading" className={layout.sectionTitle}>
            {t('reviews.video')}
          </h2>
          <VideoRowList>
            <VideoRow video={detail.video} testId="review-video" />
          </VideoRowList>
        </section>
        {detail.tags.length > 0 ? (
          <section aria-labelledby="review-tags-heading">
            <h2 id="review-tags-heading" className={layout.sectionTitle}>
              {t('video.tags')}
            </h2>
            <ul className={`${chip.list} ${styles.chips}`}>
              {detail.tags.map((tag) => (
                <li key={tag.id}>
                  <AppLink to="/tagReviews" search={{ tid: tag.id }} className={`${chip.chip} ${hit.area}`} testId="review-tag">
                    #{tag.name}
                  </AppLink>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </aside>
    </div>
  );
}

function ReviewSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={article.layout} aria-busy="true" aria-label={t('common.loading')}>
      <div className={`${panel.panel} ${article.article}`}>
        <Skeleton className={styles.tagNameSkeleton} />
        <Skeleton className={styles.tagMetaSkeleton} />
        <Skeleton className={styles.bodySkeleton} />
      </div>
    </div>
  );
}

export const ReviewNotFound = () => (
  <NotFoundPage ns="reviews" header="reviews.detail" to="/nav/reviews" link="reviews.browseAll" testId="review-not-found" className={styles.page} />
);
