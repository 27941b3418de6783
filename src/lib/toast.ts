import { proxy } from 'valtio/vanilla';

export const TOAST_DURATION_MS = 2500;

export interface ToastItem {
  id: number;
  message: string;
}

export const toastStore = proxy<{ items: ToastItem[] }>({ items: [] });

let nextId = 1;

export function toast(message: string): void {
  if (!message) return;
  const id = nextId++;
  toastStore.items.push({ id, message });
  setTimeout(() => {
    const index = toastStore.items.findIndex((item) => item.id === id);
    if (index >= 0) toastStore.items.splice(index, 1);
  }, TOAST_DURATION_MS);
}
