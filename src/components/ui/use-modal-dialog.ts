import { useEffect, useRef } from 'react';

/**
 * Opens a <dialog> as a modal for as long as the component is mounted: the browser makes the page
 * behind inert and keeps focus inside. Esc goes through `onClose` (the owner's state decides), and
 * focus returns to whatever had it before the dialog opened.
 *
 * Chromium's close-watcher rules let a third Esc without a click between close a modal whose
 * `cancel` was refused (the event comes uncancelable). The dialog then opens again at once and the
 * owner is asked through `onClose` as for any Esc, so a dialog that must stay (the passcode lock,
 * a sheet while it saves) stays, and one that may close closes through its owner's state.
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (event.cancelable) onClose();
    };
    const onClosed = () => {
      if (!dialog.isConnected || dialog.open) return;
      dialog.showModal();
      onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClosed);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClosed);
    };
  }, [onClose]);

  return ref;
}
