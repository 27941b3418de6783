import { Link } from '@tanstack/react-router';
import type { BrandDetail, BrandInformationType, BrandItem, BrandOfferingType } from '../../../protocol/brand-api.ts';
import article from '../../components/article.module.css';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { FailedScreen, Screen } from '../../components/screen.tsx';
import { MaskedImage } from '../../components/ui/masked-image.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import badge from '../../components/ui/badge.module.css';
import layout from '../../components/ui/page.module.css';
import panel from '../../components/ui/panel.module.css';
import { useTranslation } from '../../i18n/index.ts';
import { formatDate } from '../../lib/format.ts';
import { paragraphsOf } from '../../lib/text.ts';
import { useBrandDetail } from './api/brand-detail.ts';
import { useBrandInformation, useBrandOffering, useBrandRecruitment } from './api/brand-lists.ts';
import { BrandCard, Deadline } from './brand-card.tsx';
import { tabOfType } from './group-tabs.ts';
import styles from './group-detail.module.css';

/** How many other items of the same kind the aside offers. */
const MORE_COUNT = 4;

/** /groupDetail?id=: one item of the group area with its cover and whole text (plain text, escaped as React text). */
export function GroupDetailPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useBrandDetail(id);
  const title = t('group.detailTitle');
  if (query.isError) return <FailedScreen title={title} className={styles.page} query={query} notFound={<GroupNotFound />} />;
  const detail = query.data;
  return (
    <Screen title={title} className={styles.page} testId="group-detail-page">
      {detail ? <Item detail={detail} /> : <ItemSkeleton />}
    </Screen>
  );
}

function Item({ detail }: { detail: BrandDetail }) {
  const { t } = useTranslation();
  return (
    <div className={article.layout}>
      <div className={article.main}>
        <article className={`${panel.panel} ${article.article} ${styles.article}`} data-testid="group-detail" data-brand-id={detail.id} data-type={detail.type}>
          <MaskedImage
            path={detail.cover}
            width={detail.coverWidth}
            height={detail.coverHeight}
            alt=""
            className={styles.cover}
            sizes="(min-width: 1200px) 760px, (min-width: 825px) 66vw, 100vw"
            priority
          />
          <p className={styles.kicker}>
            <span className={`${badge.badge} ${styles.badge}`}>{t(`group.type.${detail.type}`)}</span>
            <span className={styles.source}>{t('group.from', { source: detail.source })}</span>
          </p>
          <h2 className={article.title} data-testid="group-title">
            {detail.title}
          </h2>
          <p className={styles.meta}>
            <time dateTime={detail.publishedAt}>{formatDate(new Date(detail.publishedAt))}</time>
            {detail.type === 'recruitment' ? <Deadline endsAt={detail.endsAt} /> : null}
          </p>
          <div className={article.body} data-testid="group-body">
            {paragraphsOf(detail.body).map((text, i) => (
              <p key={i}>{text}</p>
            ))}
          </div>
        </article>
      </div>
      <aside className={article.aside}>
        <More detail={detail} />
      </aside>
    </div>
  );
}

/** Other items of the same kind: the first page of the list this item belongs to, already cached when the reader came from it. */
function More({ detail }: { detail: BrandDetail }) {
  switch (detail.type) {
    case 'bubble':
    case 'news':
      return <MoreInformation type={detail.type} detail={detail} />;
    case 'business':
    case 'service':
      return <MoreOffering type={detail.type} detail={detail} />;
    case 'recruitment':
      return <MoreRecruitment detail={detail} />;
  }
}

function MoreInformation({ type, detail }: { type: BrandInformationType; detail: BrandDetail }) {
  return <MoreList detail={detail} items={useBrandInformation(type).data?.pages[0]?.list} />;
}

function MoreOffering({ type, detail }: { type: BrandOfferingType; detail: BrandDetail }) {
  return <MoreList detail={detail} items={useBrandOffering(type).data?.pages[0]?.list} />;
}

function MoreRecruitment({ detail }: { detail: BrandDetail }) {
  return <MoreList detail={detail} items={useBrandRecruitment().data?.pages[0]?.list} />;
}

function MoreList({ detail, items }: { detail: BrandDetail; items: BrandItem[] | undefined }) {
  const { t } = useTranslation();
  const others = (items ?? []).filter((item) => item.id !== detail.id).slice(0, MORE_COUNT);
  const tab = tabOfType(detail.type);
  const type = t(`group.type.${detail.type}`);
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="group-more" data-testid="group-more">
      <div className={styles.moreHead}>
        <h2 id="group-more" className={layout.sectionTitle}>
          {t('group.more', { type })}
        </h2>
        <Link to="/group" search={tab === 'bubble' ? {} : { type: tab }} className={styles.viewAll} data-testid="group-view-all">
          {t('group.viewAll', { type: t(`group.tab.${tab}`) })}
        </Link>
      </div>
      <ul className={styles.moreList}>
        {others.map((item) => (
          <li key={item.id}>
            <BrandCard item={item} variant="row" />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ItemSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={article.layout} aria-busy="true" aria-label={t('common.loading')}>
      <div className={`${panel.panel} ${article.article} ${styles.article}`}>
        <Skeleton className={styles.coverSkeleton} />
        <Skeleton className={article.titleSkeleton} />
        <Skeleton className={article.metaSkeleton} />
        <Skeleton className={article.bodySkeleton} />
      </div>
    </div>
  );
}

export const GroupNotFound = () => (
  <NotFoundPage ns="group" header="group.detailTitle" to="/group" link="group.browseAll" testId="group-not-found" className={styles.page} />
);
