import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '../i18n/index.ts';
import { installPrompt, useInstallState } from '../lib/install-prompt.ts';
import { LanguageSelect } from './language-switch.tsx';
import { ThemeSelect } from './theme-switch.tsx';
import styles from './site-footer.module.css';
import button from './ui/button.module.css';

/**
 * The desktop footer (the root layout draws it above 824 px; phones have the tab bar): 发现 and
 * the help and policy pages, installing the app, and the language.
 */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className={styles.footer} data-testid="site-footer">
      <div className={styles.inner}>
        <div className={styles.brand}>
          <p className={styles.logo}>
            MD <span>{t('app.logoWord')}</span>
          </p>
          <p className={styles.copy}>{t('app.footer')}</p>
        </div>
        <nav aria-label={t('siteFooter.nav')} className={styles.links}>
          <Link to="/tagList">{t('app.discover')}</Link>
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
        <InstallApp />
        <LanguageSelect />
        <ThemeSelect />
      </div>
    </footer>
  );
}

/**
 * 安装应用 while the browser offers an install (its own dialog opens), 已安装 in the installed app
 * or once installed, else how to install from the browser's menu.
 */
function InstallApp() {
  const { t } = useTranslation();
  const state = useInstallState();
  const [busy, setBusy] = useState(false);
  return (
    <div className={styles.install} data-testid="install-app" data-state={state}>
      <p className={styles.lead}>{t('siteFooter.installLead')}</p>
      {state === 'available' ? (
        <button
          type="button"
          className={`${button.primary} ${button.small} ${styles.installButton}`}
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void installPrompt.install().finally(() => setBusy(false));
          }}
        >
          {t('siteFooter.install')}
        </button>
      ) : state === 'installed' ? (
        <p className={styles.installed}>{t('siteFooter.installed')}</p>
      ) : (
        <p>{t('siteFooter.installHint')}</p>
      )}
    </div>
  );
}
