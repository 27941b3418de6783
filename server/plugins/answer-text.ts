/**
 * JSON text made once for answers that many callers share. Sealing an answer (envelope-cipher.ts)
 * was mostly JSON.stringify of it: a cached video detail, recommendations and all, stringified
 * again on every call. A route hands okEnvelope the text along with the value; the value still
 * serves callers without encryption and documents the answer's type.
 */

/**
 * Known JSON texts, by value: cached values' (made at the first call, gone with the cache entry)
 * and answers' a route made; okEnvelope reads them.
 */
const texts = new WeakMap<object, string>();

/**
 * The JSON text of `value`, made once. Only for values nothing changes after they are cached
 * (a cache entry's answer): a change afterwards would not reach the text.
 */
export function textOnce(value: object): string {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}

/** `answer`, its JSON text known to be `text` (the same fields and values; the order may differ). */
export function withText<T extends object>(answer: T, text: string): T {
  texts.set(answer, text);
  return answer;
}

/** A cached answer that nothing changes: its text is made at the first call and reused. */
export function sharedAnswer<T extends object>(answer: T): T {
  textOnce(answer);
  return answer;
}

/**
 * The text of `base` (a cached object, see textOnce) with `extra`'s fields added, without
 * stringifying `base` again. `base` must have none of `extra`'s names.
 */
export function textWith(base: object, extra: Record<string, number | boolean | string | null>): string {
  const text = textOnce(base);
  const more = JSON.stringify(extra);
  if (text === '{}') return more;
  if (more === '{}') return text;
  return `${text.slice(0, -1)},${more.slice(1)}`;
}

/** The text a route made for `answer`, if any. */
export function knownText(answer: unknown): string | undefined {
  return typeof answer === 'object' && answer !== null ? texts.get(answer) : undefined;
}
