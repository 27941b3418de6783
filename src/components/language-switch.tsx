import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { LOCALE_NAMES, LOCALES, isLocale, setLocale, useLocale, useTranslation } from '../i18n/index.ts';
import styles from './language-switch.module.css';

/**
 * The language menu of the phone header: a button that opens a native popover (light dismiss,
 * Esc and focus handling come with it) listing each language in its own name.
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  const locale = useLocale();
  const menuId = useId();
  return (
    <>
      <button type="button" className={styles.trigger} popoverTarget={menuId} aria-label={t('app.languageMenu')} data-testid="language-menu">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M3 12h18M12 3c2.8 3 2.8 15 0 18M12 3c-2.8 3-2.8 15 0 18" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      <div id={menuId} popover="auto" className={styles.menu} role="menu" aria-label={t('app.language')}>
        {LOCALES.map((option) => (
          <button
            key={option}
            type="button"
            role="menuitemradio"
            aria-checked={option === locale}
            lang={option}
            className={styles.option}
            popoverTarget={menuId}
            popoverTargetAction="hide"
            onClick={() => void setLocale(option)}
          >
            {LOCALE_NAMES[option]}
          </button>
        ))}
      </div>
    </>
  );
}

/** The desktop footer: the help and policy pages, and the language as a plain select. */
export function AppFooter() {
  const { t } = useTranslation();
  const locale = useLocale();
  const selectId = useId();
  return (
    <footer className={styles.footer}>
      <span>{t('app.footer')}</span>
      <nav aria-label={t('support.footerNav')} className={styles.links}>
        <Link to="/FAQ">{t('support.faqTitle')}</Link>
        <Link to="/contactUs" activeOptions={{ includeHash: true }}>
          {t('support.contactTitle')}
        </Link>
        <Link to="/contactUs" hash="privacy" activeOptions={{ includeHash: true }}>
          {t('support.privacyTitle')}
        </Link>
        <Link to="/contactUs" hash="terms" activeOptions={{ includeHash: true }}>
          {t('support.termsTitle')}
        </Link>
      </nav>
      <label className={styles.field} htmlFor={selectId}>
        {t('app.language')}
        <select
          id={selectId}
          className={styles.select}
          value={locale}
          onChange={(event) => isLocale(event.target.value) && void setLocale(event.target.value)}
          data-testid="language-select"
        >
          {LOCALES.map((option) => (
            <option key={option} value={option} lang={option}>
              {LOCALE_NAMES[option]}
            </option>
          ))}
        </select>
      </label>
    </footer>
  );
}
