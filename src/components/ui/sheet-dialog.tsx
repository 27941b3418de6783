import { useId, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import sheet from './sheet.module.css';
import { useModalDialog } from './use-modal-dialog.ts';

export interface SheetDialogProps {
  heading: string;
  onClose: () => void;
  /** While something is being saved, the close button and the backdrop do nothing (Esc still asks `onClose`). */
  busy?: boolean;
  testId?: string;
  /** The heading's id, for content that names itself after it. */
  headingId?: string;
  children: ReactNode;
}

/**
 * A modal <dialog> with a heading and a close button (sheet.module.css): a bottom sheet on phones,
 * a centred card on desktop. The browser keeps focus inside and the page behind inert; Esc, the
 * close button and the backdrop close it, and focus returns to what opened it.
 */
export function SheetDialog({ heading, onClose, busy = false, testId, headingId, children }: SheetDialogProps) {
  const { t } = useTranslation();
  const ownId = useId();
  const id = headingId ?? ownId;
  const dialogRef = useModalDialog(onClose);

  // A click whose target is the <dialog> itself landed on the backdrop (the sheet fills it otherwise).
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && !busy) onClose();
  };

  return (
    <dialog ref={dialogRef} className={sheet.dialog} aria-labelledby={id} onClick={onClick} data-testid={testId}>
      <div className={sheet.sheet}>
        <span className={sheet.handle} aria-hidden="true" />
        <header className={sheet.header}>
          <h2 id={id} className={sheet.heading}>
            {heading}
          </h2>
          <button type="button" className={sheet.close} onClick={onClose} aria-label={t('app.close')} disabled={busy}>
            ×
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
