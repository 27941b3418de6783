import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import { appStore } from '../../stores/app-store.ts';
import { checkNoAuth } from '../../stores/auth-store.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { MoreMenu, type MoreMenuItem } from './more-menu.tsx';
import { ReportDialog, type ReportTargetRef } from './report-dialog.tsx';
import { useBlockMember } from './safety-api.ts';

export interface ContentMenuProps {
  /** What 举报 reports; none leaves 举报 out. */
  report?: ReportTargetRef;
  /** Whose it is: nothing shows on the viewer's own, and 屏蔽该用户 blocks them (a member: id above 0). */
  author?: { id: number; nickname: string };
  /** False leaves 屏蔽该用户 out (a review: blocking hides posts and comments, not reviews). */
  canBlock?: boolean;
  className?: string;
  testId?: string;
}

/**
 * The "⋯" menu of a comment, a post or a review: 举报 opens the report dialog, 屏蔽该用户 asks
 * before blocking the author. Guests are asked to sign in first. Nothing shows on the viewer's own
 * content.
 */
export function ContentMenu({ report, author, canBlock = true, className, testId = 'content-menu' }: ContentMenuProps) {
  const { t } = useTranslation();
  const viewer = useSnapshot(appStore).userInfo?.id ?? 0;
  const [open, setOpen] = useState<'report' | 'block' | null>(null);
  const own = author !== undefined && author.id === viewer;
  const blockable = canBlock && author !== undefined && author.id > 0 && !own;
  const items: MoreMenuItem[] = [];
  const ask = (dialog: 'report' | 'block') => () => checkNoAuth() || setOpen(dialog);
  if (report && !own) items.push({ key: 'report', label: t('safety.report'), onSelect: ask('report'), testId: 'menu-report' });
  if (blockable) items.push({ key: 'block', label: t('safety.block'), onSelect: ask('block'), testId: 'menu-block' });
  if (items.length === 0) return null;
  return (
    <>
      <MoreMenu label={t('safety.more')} items={items} className={className} testId={testId} />
      {open === 'report' && report ? <ReportDialog {...report} onClose={() => setOpen(null)} /> : null}
      {open === 'block' && author ? <BlockDialog member={author} viewer={viewer} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

/** Asks before blocking a member; their posts and comments leave what the viewer sees once it is done. */
function BlockDialog({ member, viewer, onClose }: { member: { id: number; nickname: string }; viewer: number; onClose: () => void }) {
  const { t } = useTranslation();
  const block = useBlockMember(viewer);
  return (
    <ConfirmDialog
      heading={t('safety.blockHeading', { name: member.nickname })}
      message={t('safety.blockMessage')}
      confirmLabel={t('safety.blockConfirm')}
      onConfirm={async () => {
        try {
          await block.mutateAsync(member.id);
          toast(t('safety.blocked', { name: member.nickname }));
        } catch {
          // The call showed why; nothing changed.
        }
      }}
      onClose={onClose}
      testId="block-dialog"
    />
  );
}
