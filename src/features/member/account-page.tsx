import { useId, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { NICKNAME_MAX, NICKNAME_MIN, PASSWORD_MIN, SIGNATURE_MAX, textLength } from '../../../protocol/account.ts';
import { Screen } from '../../components/screen.tsx';
import button from '../../components/ui/button.module.css';
import fields from '../../components/ui/form.module.css';
import { PasswordField } from '../../components/ui/form-field.tsx';
import panel from '../../components/ui/panel.module.css';
import { useTranslation } from '../../i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import { appStore } from '../../stores/app-store.ts';
import styles from './account.module.css';
import { useAccountStatus, useChangePassword, useIssueCard, useModifyProfile } from './api/account.ts';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { QrCode } from '../../components/qr-code.tsx';
import { formatDate } from '../../lib/format.ts';
import { cardUrl, download, drawCardImage } from './card-image.ts';
import { PhoneSection } from './phone-section.tsx';
import { LockSection } from './lock-section.tsx';
import { DataSection } from './data-section.tsx';
import { BlocklistSection } from './blocklist-section.tsx';
import { ThemeRadios } from '../../components/theme-switch.tsx';

/** /account (members only): the profile (nickname, signature), the password, the phone, the passcode lock, the account card, the status, the blocked members, the theme, and the member's data (export, deletion). */
export function AccountPage() {
  const { t } = useTranslation();
  const userId = useSnapshot(appStore).userInfo?.id ?? 0;
  return (
    <Screen title={t('account.title')} className={styles.page} testId="account-page">
      <ProfileForm />
      <PasswordForm />
      <PhoneSection />
      <LockSection userId={userId} />
      <AccountCardSection />
      <AccountStatusSection />
      <BlocklistSection userId={userId} />
      <AppearanceSection />
      <DataSection />
    </Screen>
  );
}

/** 外观: the theme, 跟随系统 / 浅色 / 深色, kept on this device (src/lib/theme.ts). */
function AppearanceSection() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className={`${panel.panel} ${styles.form}`} aria-labelledby={`${id}-heading`} data-testid="appearance-section">
      <h2 id={`${id}-heading`} className={styles.heading}>
        {t('theme.heading')}
      </h2>
      <p className={styles.hint}>{t('theme.hint')}</p>
      <ThemeRadios />
    </section>
  );
}

function ProfileForm() {
  const { t } = useTranslation();
  const id = useId();
  const { userInfo } = useSnapshot(appStore);
  const [nickname, setNickname] = useState(userInfo?.nickname ?? '');
  const [signature, setSignature] = useState(userInfo?.signature ?? '');
  const [error, setError] = useState<{ nickname?: string; signature?: string }>({});
  const save = useModifyProfile();

  function submit(event: FormEvent) {
    event.preventDefault();
    const name = nickname.trim();
    if (textLength(name) < NICKNAME_MIN) return setError({ nickname: t('account.nicknameShort', { n: NICKNAME_MIN }) });
    if (textLength(name) > NICKNAME_MAX) return setError({ nickname: t('account.nicknameLong', { n: NICKNAME_MAX }) });
    if (textLength(signature.trim()) > SIGNATURE_MAX) return setError({ signature: t('account.signatureLong', { n: SIGNATURE_MAX }) });
    setError({});
    save.mutate({ nickname: name, signature: signature.trim() }, { onSuccess: () => toast(t('account.saved')) });
  }

  return (
    <form className={`${panel.panel} ${styles.form}`} onSubmit={submit} noValidate aria-labelledby={`${id}-heading`} data-testid="profile-form">
      <h2 id={`${id}-heading`} className={styles.heading}>
        {t('account.profile')}
      </h2>
      <div className={fields.field}>
        <label className={fields.label} htmlFor={`${id}-nickname`}>
          {t('account.nickname')}
        </label>
        <input
          id={`${id}-nickname`}
          className={fields.input}
          value={nickname}
          maxLength={64}
          autoComplete="nickname"
          aria-invalid={Boolean(error.nickname)}
          aria-describedby={`${id}-nickname-error`}
          onChange={(e) => setNickname(e.target.value)}
        />
        <p className={fields.error} id={`${id}-nickname-error`} aria-live="polite">
          {error.nickname ?? ''}
        </p>
      </div>
      <div className={fields.field}>
        <label className={fields.label} htmlFor={`${id}-signature`}>
          {t('account.signature')}
        </label>
        <textarea
          id={`${id}-signature`}
          className={`${fields.input} ${styles.textarea}`}
          value={signature}
          rows={2}
          maxLength={400}
          placeholder={t('account.signaturePlaceholder')}
          aria-invalid={Boolean(error.signature)}
          aria-describedby={`${id}-signature-error`}
          onChange={(e) => setSignature(e.target.value)}
        />
        <p className={fields.error} id={`${id}-signature-error`} aria-live="polite">
          {error.signature ?? <span className={styles.count}>{`${textLength(signature.trim())}/${SIGNATURE_MAX}`}</span>}
        </p>
      </div>
      <button type="submit" className={button.primary} disabled={save.isPending}>
        {t('account.save')}
      </button>
    </form>
  );
}

type PasswordFields = { oldPassword: string; newPassword: string; confirmPassword: string };
const EMPTY: PasswordFields = { oldPassword: '', newPassword: '', confirmPassword: '' };

function PasswordForm() {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState<PasswordFields>(EMPTY);
  const [error, setError] = useState<Partial<Record<keyof PasswordFields, string>>>({});
  const change = useChangePassword();

  function submit(event: FormEvent) {
    event.preventDefault();
    // The server's order: old, new, confirmation, length, not the same.
    if (!form.oldPassword) return setError({ oldPassword: t('account.enterOld') });
    if (!form.newPassword) return setError({ newPassword: t('account.enterNew') });
    if (form.newPassword !== form.confirmPassword) return setError({ confirmPassword: t('auth.passwordsDiffer') });
    if (textLength(form.newPassword) < PASSWORD_MIN) return setError({ newPassword: t('auth.signUpPasswordTooShort') });
    if (form.newPassword === form.oldPassword) return setError({ newPassword: t('account.sameAsOld') });
    setError({});
    change.mutate(form, {
      onSuccess: () => {
        setForm(EMPTY);
        toast(t('account.passwordChanged'));
      },
    });
  }

  const field = (name: keyof PasswordFields, label: string, autoComplete: 'current-password' | 'new-password') => (
    <PasswordField
      id={`${id}-${name}`}
      label={label}
      value={form[name]}
      onChange={(value) => setForm({ ...form, [name]: value })}
      error={error[name]}
      autoComplete={autoComplete}
    />
  );

  return (
    <form className={`${panel.panel} ${styles.form}`} onSubmit={submit} noValidate aria-labelledby={`${id}-heading`} data-testid="password-form">
      <h2 id={`${id}-heading`} className={styles.heading}>
        {t('account.password')}
      </h2>
      <p className={styles.hint}>{t('account.passwordHint')}</p>
      {field('oldPassword', t('account.oldPassword'), 'current-password')}
      {field('newPassword', t('account.newPassword'), 'new-password')}
      {field('confirmPassword', t('account.confirmPassword'), 'new-password')}
      <button type="submit" className={button.primary} disabled={change.isPending}>
        {t('account.changePassword')}
      </button>
    </form>
  );
}

/**
 * The account card: a QR code that restores the account on another device (/restore). Only its
 * hash is kept on the server, so it shows once, to be saved as a picture; a new card ends the old.
 */
function AccountCardSection() {
  const { t } = useTranslation();
  const id = useId();
  const { userInfo } = useSnapshot(appStore);
  const issue = useIssueCard();
  const [confirming, setConfirming] = useState(false);
  const card = issue.data;
  const issued = card ? t('card.issuedAt', { time: formatDate(new Date(card.issuedAt)) }) : '';

  function issueCard() {
    // A card on screen is only replaced on a second, confirming press.
    if (card && !confirming) return setConfirming(true);
    setConfirming(false);
    issue.mutate();
  }

  async function save() {
    if (!card) return;
    const account = userInfo?.account || userInfo?.nickname || '';
    const image = await drawCardImage(cardUrl(card.code), { title: t('card.imageTitle'), account, issued, hint: t('card.imageHint') });
    download(image, `md-account-card-${account}.png`);
  }

  return (
    <section className={`${panel.panel} ${styles.form}`} aria-labelledby={`${id}-heading`} data-testid="account-card">
      <h2 id={`${id}-heading`} className={styles.heading}>
        {t('card.heading')}
      </h2>
      <p className={styles.hint}>{t('card.intro')}</p>
      {card ? (
        <figure className={styles.card}>
          <QrCode value={cardUrl(card.code)} label={t('card.qr')} className={styles.cardQr} testId="account-card-qr" />
          <figcaption className={styles.hint}>{issued}</figcaption>
        </figure>
      ) : null}
      <div className={styles.actions}>
        {card ? (
          <button type="button" className={button.primary} onClick={() => void save()} data-testid="account-card-save">
            {t('card.save')}
          </button>
        ) : null}
        <button type="button" className={card ? button.button : button.primary} disabled={issue.isPending} onClick={issueCard} data-testid="account-card-issue">
          {card ? (confirming ? t('card.renewConfirm') : t('card.renew')) : t('card.issue')}
        </button>
      </div>
    </section>
  );
}

/** Minutes online, as the account screen says it. */
const minutes = (seconds: number) => Math.floor(seconds / 60);

/** 账号状态: certification, time online (today and in all) and what the member's works earned. */
function AccountStatusSection() {
  const { t } = useTranslation();
  const id = useId();
  const userId = useSnapshot(appStore).userInfo?.id ?? 0;
  const query = useAccountStatus(userId);
  const status = query.data;
  return (
    <section className={`${panel.panel} ${styles.form}`} aria-labelledby={`${id}-heading`} data-testid="account-status">
      <h2 id={`${id}-heading`} className={styles.heading}>
        {t('status.heading')}
      </h2>
      {query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : !status ? (
        <Skeleton className={styles.statusSkeleton} />
      ) : (
        <dl className={styles.status}>
          <dt>{t('status.cert')}</dt>
          <dd data-testid="status-cert">
            {status.cert.certified && status.cert.certifiedAt
              ? t('status.certified', { date: formatDate(new Date(status.cert.certifiedAt)) })
              : t('status.notCertified')}
          </dd>
          <dt>{t('status.online')}</dt>
          <dd data-testid="status-online">{t('status.onlineValue', { today: minutes(status.online.today), total: minutes(status.online.total) })}</dd>
          <dt>{t('status.income')}</dt>
          <dd data-testid="status-income">{t('status.incomeValue', { points: status.income.points, count: status.income.count })}</dd>
        </dl>
      )}
    </section>
  );
}
