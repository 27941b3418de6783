import { useSnapshot } from 'valtio';
import { FailedScreen, Screen } from '../../components/screen.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx';
import article from '../../components/article.module.css';
import { useTranslation } from '../../i18n/index.ts';
import { formatDate } from '../../lib/format.ts';
import { appStore } from '../../stores/app-store.ts';
import { useNotice } from './api/member.ts';
import styles from './messages.module.css';

/** /noticeDetail?id=: one announcement, its paragraphs as text. */
export function NoticeDetailPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const userId = useSnapshot(appStore).userInfo?.id ?? 0;
  const query = useNotice(userId, id);
  const title = t('messages.notice');
  if (query.isError) return <FailedScreen title={title} className={styles.page} query={query} notFound={<NoticeNotFound />} />;
  const notice = query.data;
  return (
    <Screen title={title} className={styles.page} testId="notice-detail-page">
      {notice ? (
        <article className={`${article.layout} ${styles.notice}`} data-testid="notice">
          <h2 className={article.title}>{notice.title}</h2>
          <time className={styles.time} dateTime={notice.createdAt}>
            {formatDate(new Date(notice.createdAt))}
          </time>
          <div className={article.body}>
            {notice.content.split(/\n+/).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </article>
      ) : (
        <Loading className={styles.notice}>
          <Skeleton className={styles.noticeTitleSkeleton} />
          <Skeleton className={styles.noticeBodySkeleton} />
        </Loading>
      )}
    </Screen>
  );
}

export const NoticeNotFound = () => (
  <NotFoundPage ns="messages" header="messages.notice" to="/sysMsg" link="messages.backToMessages" testId="notice-not-found" className={styles.page} />
);
