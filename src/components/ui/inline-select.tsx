import { useId } from 'react';
import styles from './inline-select.module.css';

export interface InlineSelectOption<T extends string> {
  value: T;
  label: string;
  /** The option's own language, when its label is written in it (a language's name). */
  lang?: string;
}

/**
 * A setting as a label with a native select beside it, the way the desktop footer shows the
 * language and the theme. `isValue` keeps a value the options do not hold from reaching `onChange`.
 */
export function InlineSelect<T extends string>({
  label,
  value,
  options,
  isValue,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: readonly InlineSelectOption<T>[];
  isValue: (value: string) => value is T;
  onChange: (value: T) => void;
  testId: string;
}) {
  const selectId = useId();
  return (
    <label className={styles.field} htmlFor={selectId}>
      {label}
      <select
        id={selectId}
        className={styles.select}
        value={value}
        onChange={(event) => isValue(event.target.value) && onChange(event.target.value)}
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
