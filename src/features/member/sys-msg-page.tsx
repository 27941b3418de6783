import { Link, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { MESSAGE_TYPE, type MessageItem, type MessageType } from '../../../protocol/member-api.ts';
import { PagedList } from '../../components/paged-list.tsx';
import { Screen } from '../../components/screen.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { MaskedImage } from '../../components/ui/masked-image.tsx';
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx';
import { TabList } from '../../components/ui/tab-list.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { formatRelativeTime } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { CONTENT_TYPE } from '../../../protocol/content-api.ts';
import { appStore } from '../../stores/app-store.ts';
import { useMarkRead, useMessageLatest, useMessages } from './api/member.ts';
import { MESSAGE_TABS } from './message-tabs.ts';
import styles from './messages.module.css';
import underline from '../../components/ui/underline-tabs.module.css';
import hidden from '../../components/ui/visually-hidden.module.css';

/** /sysMsg?tab=: announcements, comments, replies and supports, newest first; opening a tab reads it. */
export function SysMsgPage({ type }: { type: MessageType }) {
  const { t } = useTranslation();
  const router = useRouter();
  const userId = useSnapshot(appStore).userInfo?.id ?? 0;
  const latest = useMessageLatest(userId);
  const query = useMessages(userId, type);
  const markRead = useMarkRead(userId);
  const unread = (tab: MessageType) => latest.data?.find((entry) => entry.type === tab)?.unread ?? 0;
  const loaded = query.isSuccess;
  const { mutate } = markRead;

  // The tab is read once its messages are on screen; the dots of this visit stay until the next.
  useEffect(() => {
    if (loaded) mutate(type);
  }, [loaded, type, mutate]);

  const select = (next: MessageType) => router.history.replace(hrefOf('/sysMsg', { tab: next === MESSAGE_TYPE.NOTICE ? undefined : next }));
  const key = MESSAGE_TABS.find((tab) => tab.type === type)!.key;
  return (
    <Screen title={t('messages.title')} className={styles.page} testId="sys-msg-page">
      <TabList
        tabs={MESSAGE_TABS.map((tab) => ({
          key: tab.type,
          testId: 'message-tab',
          label: (
            <>
              {t(`messages.tab.${tab.key}`)}
              {unread(tab.type) > 0 && tab.type !== type ? (
                <span className={styles.count} data-testid="message-tab-unread">
                  <span className={hidden.visuallyHidden}>{t('messages.unreadCount', { count: unread(tab.type) })}</span>
                  <span aria-hidden="true">{unread(tab.type) > 99 ? '99+' : unread(tab.type)}</span>
                </span>
              ) : null}
            </>
          ),
        }))}
        selected={type}
        onSelect={select}
        label={t('messages.tabs')}
        className={`${underline.tabs} ${styles.tabs}`}
        tabClassName={`${underline.tab} ${styles.tab}`}
        idBase="messages"
      />
      <div role="tabpanel" id="messages-panel" aria-labelledby={`messages-tab-${type}`}>
        <PagedList
          key={type}
          query={query}
          label={t(`messages.tab.${key}`)}
          loading={<MessagesLoading />}
          empty={<EmptyState title={t(`messages.empty.${key}`)} description={t(`messages.emptyHint.${key}`)} />}
        >
          {(items: MessageItem[]) => (
            <ul className={styles.list} data-testid="message-list">
              {items.map((item) => (
                <li key={item.id}>
                  <MessageRow item={item} />
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      </div>
    </Screen>
  );
}

type MessageLink = { to: '/noticeDetail' | '/videoDetails' | '/reviewDetail' | '/postDetail'; search: { id: number } };

/** Where a message leads: an announcement to its page, the others to what was commented on. */
function messageLink(item: MessageItem): MessageLink | undefined {
  if (item.type === MESSAGE_TYPE.NOTICE) return { to: '/noticeDetail', search: { id: item.id } };
  const target = item.target;
  if (!target) return undefined;
  const to = TARGET_ROUTES[target.contentType];
  return to ? { to, search: { id: target.id } } : undefined;
}

const TARGET_ROUTES: Record<number, MessageLink['to'] | undefined> = {
  [CONTENT_TYPE.VIDEO]: '/videoDetails',
  [CONTENT_TYPE.REVIEW]: '/reviewDetail',
  [CONTENT_TYPE.POST]: '/postDetail',
};

function MessageRow({ item }: { item: MessageItem }) {
  const { t } = useTranslation();
  const link = messageLink(item);
  const who = item.from?.nickname ?? '';
  const what = item.target?.title ?? '';
  const headline =
    item.type === MESSAGE_TYPE.NOTICE
      ? item.title
      : item.type === MESSAGE_TYPE.COMMENT
        ? t('messages.commented', { name: who, title: what })
        : item.type === MESSAGE_TYPE.REPLY
          ? t('messages.replied', { name: who, title: what })
          : t('messages.supported', { name: who, title: what });
  const body = (
    <>
      {item.from ? (
        <MaskedImage path={item.from.avatar} width={128} height={128} alt="" className={styles.avatar} sizes="40px" />
      ) : (
        <span className={styles.noticeIcon} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="20" height="20">
            <path d="M4 10v4h3l5 4V6L7 10H4Zm12.5 2a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4Z" fill="currentColor" />
          </svg>
        </span>
      )}
      <span className={styles.text}>
        <span className={styles.headline}>
          {item.read ? null : (
            <span className={styles.dot} data-testid="message-unread">
              <span className={hidden.visuallyHidden}>{t('messages.unread')}</span>
            </span>
          )}
          <span data-testid="message-title">{headline}</span>
        </span>
        {item.content ? <span className={styles.content}>{item.content}</span> : null}
        <time className={styles.time} dateTime={item.createdAt}>
          {formatRelativeTime(item.createdAt)}
        </time>
      </span>
    </>
  );
  return link ? (
    <Link to={link.to} search={link.search} className={styles.row} data-testid="message-row">
      {body}
    </Link>
  ) : (
    <div className={styles.row} data-testid="message-row">
      {body}
    </div>
  );
}

function MessagesLoading() {
  return (
    <Loading count={5} className={styles.list}>
      <Skeleton className={styles.rowSkeleton} />
    </Loading>
  );
}
