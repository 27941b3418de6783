/** SPEC §9: requests and images give up after 30 s. */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * An abort signal that fires after `ms` or when `outer` aborts, whichever comes first. The caller
 * must call `clear()` once the work (including reading the body) is done so the timer does not
 * keep a service worker or test process alive.
 */
export interface Deadline {
  signal: AbortSignal;
  timedOut(): boolean;
  clear(): void;
}

export function deadline(ms: number, outer?: AbortSignal | null): Deadline {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new DOMException('request timed out', 'TimeoutError'));
  }, ms);
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer) {
    if (outer.aborted) onOuterAbort();
    else outer.addEventListener('abort', onOuterAbort, { once: true });
  }
  return {
    signal: controller.signal,
    timedOut: () => expired,
    clear() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}
