import { useLayoutEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { toastStore } from '../../lib/toast.ts';
import styles from './toaster.module.css';

/**
 * Toasts live in a manual popover, so they sit in the top layer: above a modal <dialog> (the login
 * popup's 账号或密码错误 must be seen) and never behind its backdrop.
 */
export function Toaster() {
  const { items } = useSnapshot(toastStore);
  const ref = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const node = ref.current;
    if (!node || typeof node.showPopover !== 'function') return;
    if (!node.matches(':popover-open')) {
      if (items.length > 0) {
        node.showPopover();
        return;
      }
      // Entering the top layer costs a style pass over the page: an empty toaster (the live region
      // in place before any message) opens when the browser is idle, not during the first render.
      if (typeof requestIdleCallback !== 'function') {
        node.showPopover();
        return;
      }
      const idle = requestIdleCallback(() => node.isConnected && !node.matches(':popover-open') && node.showPopover(), { timeout: 2000 });
      return () => cancelIdleCallback(idle);
    }
    // A modal opened after the toaster stacks above it: enter the top layer again, on top.
    if (items.length > 0 && document.querySelector('dialog:modal')) {
      node.hidePopover();
      node.showPopover();
    }
  }, [items]);

  return (
    <div ref={ref} popover="manual" className={styles.toaster} role="status" aria-live="polite">
      {items.map((item) => (
        <div key={item.id} className={styles.toast} data-testid="toast">
          {item.message}
        </div>
      ))}
    </div>
  );
}
