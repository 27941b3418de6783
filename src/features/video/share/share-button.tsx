import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { canWebShare, shareTarget } from './share-link.ts';
import { useTranslation } from '../../../i18n/index.ts';

// The dialog and its QR encoder load only when someone shares without the Web Share API.
const ShareDialog = lazy(() => import('./share-dialog.tsx'));

/** 分享: the system share sheet where there is one, else our dialog with the link and a QR code. */
export function ShareButton({ title, className }: { title: string; className?: string }) {
  const { t } = useTranslation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const wasOpen = useRef(false);

  useEffect(() => {
    // Focus goes back to 分享 when the dialog closes, so keyboard users keep their place.
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const share = () => {
    const target = shareTarget(window.location, title);
    if (canWebShare(navigator)) {
      // Dismissing the system sheet rejects with AbortError: nothing to do. Any other refusal
      // (not allowed here, data not shareable) falls back to our own dialog.
      navigator.share(target).catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) setOpen(true);
      });
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <button ref={buttonRef} type="button" className={className} onClick={share} aria-haspopup="dialog" aria-expanded={open} data-testid="share-button">
        <svg
          viewBox="0 0 24 24"
          width="1em"
          height="1em"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
        </svg>
        {t('share.share')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ShareDialog title={title} url={shareTarget(window.location, title).url} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
