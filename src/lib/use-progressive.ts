import { startTransition, useEffect, useState } from 'react';

/**
 * False for the first render that has data, true soon after: a screen draws what is on screen at
 * once and the rest in a transition, which React renders in slices that never block input (the
 * first render of an answer is synchronous, so a long page would be one long task).
 */
export function useProgressive(hasData: boolean): boolean {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (hasData && !all) startTransition(() => setAll(true));
  }, [hasData, all]);
  return all;
}
