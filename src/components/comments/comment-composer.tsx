import { createContext, useContext, useId, useRef, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { COMMENT_MAX } from '../../../protocol/content-values.ts';
import { textLength } from '../../../protocol/account.ts';
import { useTranslation } from '../../i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import { appStore } from '../../stores/app-store.ts';
import { showLogin } from '../../stores/auth-store.ts';
import button from '../ui/button.module.css';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { acceptRules, useAddComment, useCommentRules, useQuickReplies, type CommentTargetType } from './comments-api.ts';
import styles from './comments.module.css';

/** Told when a comment or reply is written, so the section's count moves at once. */
export const CommentPosted = createContext<() => void>(() => undefined);

export interface ComposerProps {
  contentType: CommentTargetType;
  id: number;
  /** Set for a reply: the comment it answers and its author's name. */
  replyTo?: { id: number; nickname: string };
  onDone?: () => void;
  autoFocus?: boolean;
}

/**
 * Writes a comment or a reply. Guests are asked to sign in; a member who has not accepted the
 * community rules reads and accepts them once, then the comment goes. What was typed stays until
 * the server has it.
 */
export function CommentComposer({ contentType, id, replyTo, onDone, autoFocus }: ComposerProps) {
  const { t } = useTranslation();
  const fieldId = useId();
  const viewer = useSnapshot(appStore).userInfo;
  const member = viewer?.isUser ? viewer.id : 0;
  const rules = useCommentRules(member);
  const quick = useQuickReplies(member > 0);
  const add = useAddComment(contentType, id);
  const posted = useContext(CommentPosted);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [askRules, setAskRules] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  if (!member) {
    return (
      <button type="button" className={styles.signInToComment} onClick={() => showLogin()} data-testid="comment-sign-in">
        {replyTo ? t('comments.signInToReply') : t('comments.signInToComment')}
      </button>
    );
  }

  function send() {
    const content = text.trim();
    add.mutate(
      { content, ...(replyTo && { parentId: replyTo.id }) },
      {
        onSuccess: (item) => {
          setText('');
          // Kept offline: the outbox said so, and the comment shows pending above the list.
          if (item) {
            posted();
            toast(replyTo ? t('comments.replied') : t('comments.posted'));
          }
          onDone?.();
        },
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const content = text.trim();
    if (!content) return setError(t('comments.empty'));
    if (textLength(content) > COMMENT_MAX) return setError(t('comments.tooLong', { n: COMMENT_MAX }));
    setError('');
    if (!rules.data?.confirmed) return setAskRules(true);
    send();
  }

  const length = textLength(text.trim());
  return (
    <form className={styles.composer} onSubmit={submit} noValidate data-testid={replyTo ? 'reply-composer' : 'comment-composer'}>
      <label htmlFor={fieldId} className={styles.composerLabel}>
        {replyTo ? t('comments.replyTo', { name: replyTo.nickname }) : t('comments.write')}
      </label>
      <textarea
        id={fieldId}
        ref={field}
        className={styles.textarea}
        value={text}
        rows={replyTo ? 2 : 3}
        placeholder={replyTo ? t('comments.replyPlaceholder') : t('comments.placeholder')}
        aria-invalid={Boolean(error)}
        aria-describedby={`${fieldId}-error`}
        onChange={(e) => setText(e.target.value)}
        autoFocus={autoFocus}
      />
      {quick.data?.length ? (
        <div className={styles.quick} role="group" aria-label={t('comments.quick')}>
          {quick.data.map((phrase) => (
            <button
              key={phrase}
              type="button"
              className={styles.quickChip}
              onClick={() => {
                setText((current) => (current.trim() ? `${current.trimEnd()} ${phrase}` : phrase));
                field.current?.focus();
              }}
            >
              {phrase}
            </button>
          ))}
        </div>
      ) : null}
      <div className={styles.composerFoot}>
        <p className={styles.composerError} id={`${fieldId}-error`} aria-live="polite">
          {error}
        </p>
        <span className={length > COMMENT_MAX ? styles.overLimit : styles.counter} aria-hidden="true">
          {length}/{COMMENT_MAX}
        </span>
        {onDone ? (
          <button type="button" className={`${button.button} ${button.small}`} onClick={onDone}>
            {t('common.cancel')}
          </button>
        ) : null}
        <button type="submit" className={`${button.primary} ${button.small}`} disabled={add.isPending} data-testid="comment-submit">
          {replyTo ? t('comments.reply') : t('comments.send')}
        </button>
      </div>
      {askRules ? (
        <RulesDialog
          onAccept={async () => {
            await acceptRules(member);
            send();
          }}
          onClose={() => setAskRules(false)}
        />
      ) : null}
    </form>
  );
}

const RULES = ['comments.rule1', 'comments.rule2', 'comments.rule3', 'comments.rule4'] as const;

/** The community rules, accepted once before a member's first comment (comment/confirm). */
function RulesDialog({ onAccept, onClose }: { onAccept: () => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog heading={t('comments.rulesHeading')} confirmLabel={t('comments.acceptRules')} onConfirm={onAccept} onClose={onClose} testId="comment-rules">
      <ol className={styles.rules}>
        {RULES.map((rule) => (
          <li key={rule}>{t(rule)}</li>
        ))}
      </ol>
    </ConfirmDialog>
  );
}
