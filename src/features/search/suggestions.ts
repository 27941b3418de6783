/** What the header's search box suggests, in the order its popup lists them. */
export interface Suggestion {
  kind: 'history' | 'hot';
  keyword: string;
  /** The hot search's rank (1 is the hottest). */
  rank?: number;
}

/** History entries shown at most: the popup stays short enough to see the hot searches below. */
export const HISTORY_SUGGESTIONS = 5;

/**
 * The device's recent searches, then the hot searches: all of them for an empty box, those that
 * contain what was typed (ignoring case) once something is. A hot search already in the history
 * is listed once, as history.
 */
export function suggestionsFor(typed: string, history: readonly string[], hot: readonly { keyword: string; rank: number }[]): Suggestion[] {
  const needle = typed.trim().toLowerCase();
  const matches = (keyword: string) => !needle || keyword.toLowerCase().includes(needle);
  const recent = history.filter(matches).slice(0, HISTORY_SUGGESTIONS);
  const seen = new Set(recent);
  return [
    ...recent.map((keyword): Suggestion => ({ kind: 'history', keyword })),
    ...hot
      .filter((item) => matches(item.keyword) && !seen.has(item.keyword))
      .map((item): Suggestion => ({ kind: 'hot', keyword: item.keyword, rank: item.rank })),
  ];
}
