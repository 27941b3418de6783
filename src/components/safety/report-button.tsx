import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { checkNoAuth } from '../../stores/auth-store.ts';
import type { ReportTargetRef } from './report-dialog.tsx';

// The dialog, its reasons and its call load when someone reports, not with the page the button is on.
const ReportDialog = lazy(() => import('./report-dialog.tsx').then((module) => ({ default: module.ReportDialog })));

/** A 举报 button that opens the report dialog; a guest is asked to sign in first. */
export function ReportButton({ targetType, targetId, className }: ReportTargetRef & { className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => checkNoAuth() || setOpen(true)} aria-haspopup="dialog" data-testid="report-button">
        <FlagIcon />
        {t('safety.report')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog targetType={targetType} targetId={targetId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function FlagIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d="M5 21V4m0 0h11l-2 4 2 4H5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
