/** Pages kept alive (SPEC §2): returning to one shows it where it was left, keyed by full path. */
export const KEEP_ALIVE_PATHS: readonly string[] = ['/', '/actressList'];

/** Scroll offsets of kept-alive pages, by full href, for this tab's lifetime. */
export const savedScroll = new Map<string, number>();

/** Where a navigation should leave the window: a kept-alive page's saved offset, or null for the top. */
export function restoredScroll(pathname: string, href: string, saved: ReadonlyMap<string, number> = savedScroll): number | null {
  if (!KEEP_ALIVE_PATHS.includes(pathname)) return null;
  return saved.get(href) ?? null;
}
