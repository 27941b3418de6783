/** What a share carries: the video's own page (no hash) and its title. */
export function shareTarget(location: Pick<Location, 'origin' | 'pathname' | 'search'>, title: string): ShareData & { url: string; title: string } {
  return { title, url: `${location.origin}${location.pathname}${location.search}` };
}

/** The Web Share API where the browser has it (mostly phones); elsewhere the page shows its own dialog. */
export function canWebShare(nav: Pick<Navigator, 'share'> | undefined): boolean {
  return typeof nav?.share === 'function';
}
