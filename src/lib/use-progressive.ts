import { startTransition, useEffect, useState } from 'react';

/**
 * False for the first render of data that arrived after mount, true soon after: a screen draws what is on screen at
 * once and the rest in a transition, which React renders in slices that never block input (the
 * first render of an answer is synchronous, so a long page would be one long task).
 */
export function useProgressive(hasData: boolean): boolean {
  // Data already there on mount (a kept-alive screen coming back) draws whole at once, so the
  // restored scroll position has its full height to land on.
  const [all, setAll] = useState(hasData);
  useEffect(() => {
    if (hasData && !all) startTransition(() => setAll(true));
  }, [hasData, all]);
  return all;
}
