import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, toast, toastStore } from '../../../../src/lib/toast.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('toast', () => {
  it('stacks messages and removes each after 2.5 s', () => {
    vi.useFakeTimers();
    expect(TOAST_DURATION_MS).toBe(2500);
    toast('一');
    vi.advanceTimersByTime(1000);
    toast('二');
    toast('');
    expect(toastStore.items.map((t) => t.message)).toEqual(['一', '二']);
    vi.advanceTimersByTime(1500);
    expect(toastStore.items.map((t) => t.message)).toEqual(['二']);
    vi.advanceTimersByTime(1000);
    expect(toastStore.items).toEqual([]);
  });
});

describe('toast of a message already shown', () => {
  it('shows it once, for 2.5 s from its latest showing', () => {
    vi.useFakeTimers();
    for (let i = 0; i < 12; i++) toast('无法连接');
    toast('另一条');
    expect(toastStore.items.map((t) => t.message)).toEqual(['无法连接', '另一条']);
    vi.advanceTimersByTime(2000);
    toast('无法连接');
    vi.advanceTimersByTime(1000);
    expect(toastStore.items.map((t) => t.message)).toEqual(['无法连接']);
    vi.advanceTimersByTime(1500);
    expect(toastStore.items).toEqual([]);
  });
});
