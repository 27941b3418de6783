import { proxy } from 'valtio/vanilla';

export const TOAST_DURATION_MS = 2500;

export interface ToastItem {
  id: number;
  message: string;
}

export const toastStore = proxy<{ items: ToastItem[] }>({ items: [] });

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function removeLater(id: number): void {
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      const index = toastStore.items.findIndex((item) => item.id === id);
      if (index >= 0) toastStore.items.splice(index, 1);
    }, TOAST_DURATION_MS),
  );
}

/**
 * Shows a message for 2.5 s. A message already on screen is not stacked again (a burst of failed
 * calls says 无法连接服务器 once, not once per call): it stays 2.5 s from its latest showing.
 */
export function toast(message: string): void {
  if (!message) return;
  const shown = toastStore.items.find((item) => item.message === message);
  if (shown) return removeLater(shown.id);
  const id = nextId++;
  toastStore.items.push({ id, message });
  removeLater(id);
}
