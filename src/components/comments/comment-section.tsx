import { createContext, useContext, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { CommentItem, CommentThread, CommentVoteState } from '../../../protocol/content-api.ts';
import { useTranslation } from '../../i18n/index.ts';
import { formatCount, formatRelativeTime } from '../../lib/format.ts';
import { appStore } from '../../stores/app-store.ts';
import { checkNoAuth } from '../../stores/auth-store.ts';
import { useOutbox } from '../../lib/use-outbox.ts';
import { PendingActions, PendingMark } from '../outbox-marks.tsx';
import { PagedList } from '../paged-list.tsx';
import { ContentMenu } from '../safety/content-menu.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { MaskedImage } from '../ui/masked-image.tsx';
import pills from '../ui/pill-tabs.module.css';
import hit from '../ui/hit-area.module.css';
import { Loading, Skeleton } from '../ui/skeleton.tsx';
import { TabList } from '../ui/tab-list.tsx';
import { CommentComposer, CommentPosted } from './comment-composer.tsx';
import {
  afterVote,
  pendingCommentsTarget,
  useComments,
  useReplies,
  voteOnComment,
  votesTarget,
  type CommentSort,
  type CommentTargetType,
} from './comments-api.ts';
import styles from './comments.module.css';

const TABS = [
  { sort: 'hot', label: 'sort.hot' },
  { sort: 'latest', label: 'sort.latest' },
] as const satisfies readonly { sort: CommentSort; label: string }[];

/** The reader's votes still in the outbox, by comment: the section reads them once for all its comments. */
const PendingVotes = createContext<ReadonlyMap<number, 1 | -1 | 0>>(new Map());

export interface CommentSectionProps {
  contentType: CommentTargetType;
  id: number;
  total: number;
  /** The section's own frame (heading styles of the page it sits on). */
  headClassName?: string;
  headingClassName?: string;
  countClassName?: string;
  className?: string;
}

/**
 * Comments under a video, review or post: the composer, then the top-level comments (most
 * supported or newest first) with their first replies, votes and a reply box each. Text is
 * rendered as text everywhere.
 */
export function CommentSection({ contentType, id, total, className, headClassName, headingClassName, countClassName }: CommentSectionProps) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<CommentSort>('hot');
  const viewer = useSnapshot(appStore).userInfo?.id ?? 0;
  const query = useComments(contentType, id, sort, viewer);
  // Comments written here count at once; a fresher count from the page (which has them) wins.
  const [written, setWritten] = useState<{ base: number; count: number } | null>(null);
  const shown = written ? Math.max(total, written.base + written.count) : total;
  const kept = useOutbox(votesTarget(contentType, id));
  const pendingVotes = useMemo(() => {
    const votes = new Map<number, 1 | -1 | 0>();
    for (const action of kept) {
      if (action.state === 'pending') votes.set(Number(action.body.id), action.body.vote as 1 | -1 | 0);
    }
    return votes;
  }, [kept]);
  return (
    <PendingVotes.Provider value={pendingVotes}>
      <CommentPosted.Provider value={() => setWritten((w) => ({ base: w?.base ?? total, count: (w?.count ?? 0) + 1 }))}>
        <section className={className} aria-labelledby="comments-heading" data-testid="comments">
          <div className={headClassName ?? styles.head}>
            <h2 id="comments-heading" className={headingClassName ?? styles.heading}>
              {t('video.comments')} <span className={countClassName ?? styles.count}>{formatCount(shown)}</span>
            </h2>
            <TabList
              tabs={TABS.map((tab) => ({ key: tab.sort, label: t(tab.label) }))}
              selected={sort}
              onSelect={setSort}
              label={t('video.commentSort')}
              className={pills.tabs}
              tabClassName={`${pills.tab} ${hit.area}`}
              selectedClassName={styles.tabActive}
            />
          </div>
          <CommentComposer contentType={contentType} id={id} />
          <PendingActions kind="comment" target={pendingCommentsTarget(contentType, id)} className={styles.list} />
          <PagedList
            query={query}
            label={t('video.comments')}
            loading={
              <Loading>
                <Skeleton className={styles.skeleton} />
                <Skeleton className={styles.skeleton} />
              </Loading>
            }
            failedTitle={t('video.commentsFailed')}
            empty={<EmptyState title={t('video.noComments')} />}
            moreLabel={t('video.moreComments')}
          >
            {(threads) => (
              <ul className={styles.list}>
                {threads.map((thread) => (
                  <Thread key={thread.id} thread={thread} contentType={contentType} targetId={id} viewer={viewer} />
                ))}
              </ul>
            )}
          </PagedList>
        </section>
      </CommentPosted.Provider>
    </PendingVotes.Provider>
  );
}

/** A top-level comment with its replies: the preview, then every reply once opened. */
function Thread({ thread, contentType, targetId, viewer }: { thread: CommentThread; contentType: CommentTargetType; targetId: number; viewer: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const replies = useReplies(contentType, targetId, open ? thread.id : 0, viewer);
  const all = open ? (replies.data?.pages.flatMap((p) => p.list) ?? thread.replies) : thread.replies;
  const hidden = thread.replyCount - thread.replies.length;
  return (
    <li className={styles.thread} data-testid="comment-thread">
      <Comment comment={thread} contentType={contentType} targetId={targetId} testId="comment-item" />
      <div className={styles.threadReplies}>
        {all.length ? (
          <ul className={styles.replies} aria-label={t('comments.replies', { count: thread.replyCount })}>
            {all.map((reply) => (
              <li key={reply.id}>
                <Comment comment={reply} contentType={contentType} targetId={targetId} testId="reply-item" />
              </li>
            ))}
          </ul>
        ) : null}
        {!open && hidden > 0 ? (
          <button type="button" className={styles.link} onClick={() => setOpen(true)} data-testid="show-replies">
            {t('comments.showReplies', { count: thread.replyCount })}
          </button>
        ) : null}
        {open && replies.hasNextPage ? (
          <button type="button" className={styles.link} onClick={() => void replies.fetchNextPage()} disabled={replies.isFetchingNextPage}>
            {t('comments.moreReplies')}
          </button>
        ) : null}
      </div>
    </li>
  );
}

/** One comment or reply: who, when, the text, support and opposition, and a reply box on demand. */
function Comment({ comment, contentType, targetId, testId }: { comment: CommentItem; contentType: CommentTargetType; targetId: number; testId: string }) {
  const { t } = useTranslation();
  const [replying, setReplying] = useState(false);
  // The list's counts, until this reader votes: then the vote's answer (newer than the list's page).
  const [voted, setVoted] = useState<CommentVoteState | null>(null);
  // A vote kept offline counts as made, also once the list is read again from its offline copy.
  const pendingVote = useContext(PendingVotes).get(comment.id);
  const listed = { likeCount: comment.likeCount, opposeCount: comment.opposeCount, myVote: comment.myVote };
  const votes = voted ?? (pendingVote === undefined ? listed : afterVote(listed, pendingVote));
  const [voting, setVoting] = useState(false);

  async function vote(choice: 1 | -1) {
    if (checkNoAuth()) return;
    setVoting(true);
    try {
      setVoted(await voteOnComment({ contentType, id: targetId }, comment.id, votes.myVote === choice ? 0 : choice, votes));
    } catch {
      // The call showed why; the counts stay as they were.
    } finally {
      setVoting(false);
    }
  }

  function reply() {
    if (checkNoAuth()) return;
    setReplying(true);
  }

  return (
    <article className={styles.item} data-testid={testId} data-likes={votes.likeCount}>
      {comment.user.avatar ? (
        <MaskedImage path={comment.user.avatar} width={64} height={64} alt="" className={styles.avatarImage} sizes="32px" />
      ) : (
        <span className={styles.avatar} aria-hidden="true">
          {comment.user.nickname.slice(0, 1)}
        </span>
      )}
      <div className={styles.body}>
        <p className={styles.meta}>
          <span className={styles.name}>{comment.user.nickname}</span>
          <time dateTime={comment.createdAt}>{formatRelativeTime(comment.createdAt)}</time>
        </p>
        <p className={styles.content}>
          {comment.replyTo && comment.parentId !== null ? (
            <span className={styles.replyTo}>{t('comments.repliedTo', { name: comment.replyTo.nickname })}</span>
          ) : null}
          {comment.content}
        </p>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.action}
            aria-pressed={votes.myVote === 1}
            disabled={voting}
            onClick={() => void vote(1)}
            aria-label={`${t('comments.support')} ${votes.likeCount}`}
            data-testid="comment-support"
          >
            <ThumbIcon /> {formatCount(votes.likeCount)}
          </button>
          <button
            type="button"
            className={styles.action}
            aria-pressed={votes.myVote === -1}
            disabled={voting}
            onClick={() => void vote(-1)}
            aria-label={`${t('comments.oppose')} ${votes.opposeCount}`}
            data-testid="comment-oppose"
          >
            <ThumbIcon down /> {formatCount(votes.opposeCount)}
          </button>
          <PendingMark pending={pendingVote !== undefined} testId="vote-pending" />
          <button type="button" className={styles.action} onClick={reply} data-testid="comment-reply">
            {t('comments.reply')}
          </button>
        </div>
        {replying ? (
          <CommentComposer
            contentType={contentType}
            id={targetId}
            replyTo={{ id: comment.id, nickname: comment.user.nickname }}
            onDone={() => setReplying(false)}
            autoFocus
          />
        ) : null}
      </div>
      <ContentMenu
        report={{ targetType: 'comment', targetId: comment.id }}
        author={comment.user.id > 0 ? comment.user : undefined}
        className={styles.more}
        testId="comment-more"
      />
    </article>
  );
}

/** A thumb, up for support or down for opposition; drawn, so it looks the same without an emoji font. */
function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" style={down ? { transform: 'scaleY(-1)' } : undefined}>
      <path
        d="M7 10v11H3V10h4zm2 11h8.3a2 2 0 0 0 2-1.6l1.6-7A2 2 0 0 0 19 10h-5.2l.8-3.8A2 2 0 0 0 12.7 4L9 10v11z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}
