import { useId, useState, type FormEvent } from 'react';
import { textLength } from '../../../protocol/account.ts';
import { REPORT_DETAIL_MAX, REPORT_REASON_CODES, REPORT_REASON_OTHER, type ReportReason, type ReportTarget } from '../../../protocol/safety-api.ts';
import { useTranslation } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import button from '../ui/button.module.css';
import sheet from '../ui/sheet.module.css';
import { SheetDialog } from '../ui/sheet-dialog.tsx';
import { reportContent } from './safety-api.ts';
import styles from './report-dialog.module.css';

export interface ReportTargetRef {
  targetType: ReportTarget;
  targetId: number;
}

type Problem = { field: 'reason' | 'detail' | 'form'; text: string } | null;

/**
 * 举报: the reasons as radio buttons, an optional detail (required for 其他) with its count, and a
 * submit that stays busy until the server answers. A refusal shows in the dialog and keeps what
 * was chosen and typed; success closes it with a toast.
 */
export function ReportDialog({ targetType, targetId, onClose }: ReportTargetRef & { onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [detail, setDetail] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const length = textLength(detail.trim());
  const needsDetail = reason === REPORT_REASON_OTHER;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!reason) return setProblem({ field: 'reason', text: t('safety.pickReason') });
    if (needsDetail && length === 0) return setProblem({ field: 'detail', text: t('safety.needDetail') });
    if (length > REPORT_DETAIL_MAX) return setProblem({ field: 'detail', text: t('safety.tooLong', { n: REPORT_DETAIL_MAX }) });
    setProblem(null);
    setBusy(true);
    try {
      const receipt = await reportContent({ targetType, targetId, reason, detail: detail.trim() });
      toast(receipt.duplicate ? t('safety.alreadyReported') : t('safety.reported'));
      onClose();
    } catch (error) {
      setProblem({ field: 'form', text: error instanceof ApiError ? error.tip : t('errors.default') });
      setBusy(false);
    }
  }

  const errorOf = (field: 'reason' | 'detail' | 'form') => (problem?.field === field ? problem.text : '');
  return (
    <SheetDialog
      heading={t('safety.reportHeading', { target: t(`safety.target.${targetType}`) })}
      onClose={() => (busy ? undefined : onClose())}
      busy={busy}
      testId="report-dialog"
    >
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
        <fieldset className={styles.reasons} aria-describedby={`${id}-reason-error`} aria-invalid={Boolean(errorOf('reason'))}>
          <legend className={styles.legend}>{t('safety.reason')}</legend>
          {REPORT_REASON_CODES.map((code) => (
            <label key={code} className={styles.reason} data-testid="report-reason">
              <input
                type="radio"
                name={`${id}-reason`}
                value={code}
                checked={reason === code}
                disabled={busy}
                onChange={() => {
                  setReason(code);
                  if (problem?.field === 'reason') setProblem(null);
                }}
              />
              <span>{t(`safety.reasons.${code}`)}</span>
            </label>
          ))}
        </fieldset>
        <p className={styles.error} id={`${id}-reason-error`} aria-live="polite">
          {errorOf('reason')}
        </p>
        <label className={styles.label} htmlFor={`${id}-detail`}>
          {needsDetail ? t('safety.detailRequired') : t('safety.detail')}
        </label>
        <textarea
          id={`${id}-detail`}
          className={styles.textarea}
          value={detail}
          rows={3}
          maxLength={REPORT_DETAIL_MAX * 4}
          placeholder={t('safety.detailPlaceholder')}
          aria-invalid={Boolean(errorOf('detail'))}
          aria-describedby={`${id}-detail-error ${id}-detail-count`}
          required={needsDetail}
          readOnly={busy}
          onChange={(event) => setDetail(event.target.value)}
          data-testid="report-detail"
        />
        <div className={styles.foot}>
          <p className={styles.error} id={`${id}-detail-error`} aria-live="polite">
            {errorOf('detail')}
          </p>
          <span id={`${id}-detail-count`} className={length > REPORT_DETAIL_MAX ? styles.over : styles.count}>
            {length}/{REPORT_DETAIL_MAX}
          </span>
        </div>
        <p className={styles.formError} role="alert" data-testid="report-error">
          {errorOf('form')}
        </p>
        <div className={`${sheet.actions} ${styles.actions}`}>
          <button type="button" className={button.button} onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={button.primary} disabled={busy} data-testid="report-submit">
            {busy ? t('safety.submitting') : t('safety.submit')}
          </button>
        </div>
      </form>
    </SheetDialog>
  );
}
