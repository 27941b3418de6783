import { onlineManager } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/index.ts';
import styles from './connection-banner.module.css';

/** How long 已恢复连接 stays once the connection is back. */
export const BACK_ONLINE_MS = 3000;

type Shown = 'offline' | 'online' | null;

/**
 * 网络已断开，正在显示离线内容 while the device is offline (the browser's online and offline events,
 * through react-query's onlineManager, which src/lib/query-client.ts starts from navigator.onLine),
 * then 已恢复连接 for a moment. The live region is always there, so a screen reader hears each
 * change; the bar itself lets every tap through to the page under it.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown>(() => (onlineManager.isOnline() ? null : 'offline'));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The manager tells only of changes: online here always means it was offline before.
    const unsubscribe = onlineManager.subscribe((online) => {
      clearTimeout(timer);
      setShown(online ? 'online' : 'offline');
      if (online) timer = setTimeout(() => setShown(null), BACK_ONLINE_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, []);

  return (
    // data-connection-bar while it shows: the toasts (ui/toaster.module.css) then stand above it.
    <div
      className={styles.region}
      role="status"
      aria-live="polite"
      data-testid="connection-banner"
      data-state={shown ?? 'hidden'}
      data-connection-bar={shown ? '' : undefined}
    >
      {shown ? (
        <p className={styles.banner} data-state={shown}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className={styles.icon}>
            {shown === 'offline' ? (
              <path
                d="M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 4.2-2.5M19 12.9a10 10 0 0 0-3.4-2.2M1.8 9.3A15 15 0 0 1 6.3 6.4M22.2 9.3A15 15 0 0 0 11 5.1M12 20h.01"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            ) : (
              <path
                d="M1.8 9.3a15 15 0 0 1 20.4 0M5 12.9a10 10 0 0 1 14 0M8.5 16.5a5 5 0 0 1 7 0M12 20h.01"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            )}
          </svg>
          {t(shown === 'offline' ? 'connection.offline' : 'connection.online')}
        </p>
      ) : null}
    </div>
  );
}
