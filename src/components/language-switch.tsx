import { useId } from 'react';
import { LOCALE_NAMES, LOCALES, isLocale, setLocale, useLocale, useTranslation } from '../i18n/index.ts';
import styles from './language-switch.module.css';
import { ThemeMenuItems } from './theme-switch.tsx';
import { InlineSelect } from './ui/inline-select.tsx';

/**
 * The language menu of the phone header: a button that opens a native popover (light dismiss,
 * Esc and focus handling come with it) listing each language in its own name, then the themes.
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
        <ThemeMenuItems menuId={menuId} optionClassName={styles.option} />
      </div>
    </>
  );
}

/** The language as a plain select: the desktop footer's (site-footer.tsx). */
export function LanguageSelect() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <InlineSelect
      label={t('app.language')}
      value={locale}
      options={LOCALES.map((option) => ({ value: option, label: LOCALE_NAMES[option], lang: option }))}
      isValue={isLocale}
      onChange={(next) => void setLocale(next)}
      testId="language-select"
    />
  );
}
