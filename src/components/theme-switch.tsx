import { useId } from 'react';
import { useTranslation } from '../i18n/index.ts';
import { THEME_CHOICES, setThemeChoice, useThemeChoice, type ThemeChoice } from '../lib/theme.ts';
import styles from './theme-switch.module.css';
import fieldset from './ui/fieldset.module.css';
import { InlineSelect } from './ui/inline-select.tsx';

const isThemeChoice = (value: string): value is ThemeChoice => (THEME_CHOICES as readonly string[]).includes(value);

/** 跟随系统 / 浅色 / 深色 as three radio buttons in a row: a settings page's (/account). */
export function ThemeRadios() {
  const { t } = useTranslation();
  const choice = useThemeChoice();
  const name = useId();
  return (
    <fieldset className={styles.group} data-testid="theme-radios">
      <legend className={fieldset.legend}>{t('theme.title')}</legend>
      {THEME_CHOICES.map((option) => (
        <label key={option} className={styles.choice}>
          <input type="radio" name={name} value={option} className={styles.radio} checked={choice === option} onChange={() => setThemeChoice(option)} />
          {t(`theme.${option}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** The theme as a plain select, like the language beside it: the desktop footer's. */
export function ThemeSelect() {
  const { t } = useTranslation();
  const choice = useThemeChoice();
  return (
    <InlineSelect
      label={t('theme.title')}
      value={choice}
      options={THEME_CHOICES.map((option) => ({ value: option, label: t(`theme.${option}`) }))}
      isValue={isThemeChoice}
      onChange={setThemeChoice}
      testId="theme-select"
    />
  );
}

/**
 * The theme's items of a menu (the phone header's language menu): a labelled group of
 * menuitemradio buttons that close the popover `menuId` when chosen.
 */
export function ThemeMenuItems({ menuId, optionClassName }: { menuId: string; optionClassName?: string }) {
  const { t } = useTranslation();
  const choice = useThemeChoice();
  return (
    // The group is named by aria-label: a menu owns only items and groups, so the visible heading is not read twice.
    <div role="group" aria-label={t('theme.title')} className={styles.menuGroup}>
      <p className={styles.menuLabel} aria-hidden="true">
        {t('theme.title')}
      </p>
      {THEME_CHOICES.map((option) => (
        <button
          key={option}
          type="button"
          role="menuitemradio"
          aria-checked={option === choice}
          className={optionClassName}
          popoverTarget={menuId}
          popoverTargetAction="hide"
          onClick={() => setThemeChoice(option)}
        >
          {t(`theme.${option}`)}
        </button>
      ))}
    </div>
  );
}
