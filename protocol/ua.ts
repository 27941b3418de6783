export const CLIENT_VERSION = '1.0.1+27';
export const PC_BREAKPOINT = 824;

export type SysType = 'h5' | 'h5_pc';

/** The form-encoded x-ua descriptor. sysType is h5_pc when the window is wider than 824 px. */
export function buildUa(width: number, browser: string): string {
  const pc = width > PC_BREAKPOINT;
  const params = new URLSearchParams({
    deviceType: pc ? 'desktop' : 'mobile',
    sysType: pc ? 'h5_pc' : 'h5',
    version: CLIENT_VERSION,
    browser,
  });
  return params.toString();
}

export function browserName(userAgent: string): string {
  const ua = userAgent.toLowerCase();
  if (ua.includes('edg/')) return 'edge';
  if (ua.includes('firefox/')) return 'firefox';
  if (ua.includes('chrome/') || ua.includes('chromium/')) return 'chrome';
  if (ua.includes('safari/')) return 'safari';
  return 'other';
}
