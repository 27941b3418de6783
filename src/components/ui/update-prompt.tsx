import { useEffect, useState } from 'react';

/** Offers the waiting service worker; nothing reloads until the user asks, so no input is lost. */
export function UpdatePrompt() {
  const [reload, setReload] = useState<(() => void) | null>(null);

  useEffect(() => {
    // workbox-window is not needed for the first paint.
    void import('../../lib/sw-register.ts').then(({ registerServiceWorker }) => registerServiceWorker((apply) => setReload(() => apply)));
  }, []);

  if (!reload) return null;
  return (
    <div className="update-prompt" role="alert">
      <span>有新版本可用</span>
      <button type="button" className="button button--primary button--small" onClick={reload}>
        刷新
      </button>
      <button type="button" className="update-prompt__close" aria-label="关闭" onClick={() => setReload(null)}>
        ×
      </button>
    </div>
  );
}
