/**
 * Copies text: the async clipboard first, then the older selection copy for browsers or contexts
 * that refuse it. Resolves whether it worked.
 */
export async function copyText(text: string, fallback: () => boolean): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or not focused: try the selection copy below.
  }
  return fallback();
}

/**
 * Copies the value of a read-only field: the async clipboard, else the field's selection copied.
 * When both fail the field is left selected, so the user can copy it by hand.
 */
export async function copyField(field: HTMLInputElement | null): Promise<boolean> {
  if (!field) return false;
  const select = () => {
    field.focus();
    field.select();
  };
  const ok = await copyText(field.value, () => {
    select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  });
  if (!ok) select();
  return ok;
}
