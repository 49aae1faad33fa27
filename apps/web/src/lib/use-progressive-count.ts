import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

/**
 * How many of `total` parts of a long screen to draw: `first` at once, then one more each time
 * the browser is idle, each drawn as a transition. A screen of many panels (Profile Settings) drew
 * them all in one piece: mounting their forms and queries and laying them out held a phone's main
 * thread for several hundred milliseconds at once, most of it for parts below the fold
 * (docs/decisions/032-portal-on-a-phone.md). One part at a time, a tap waits for one part at most.
 */
export function useProgressiveCount(total: number, first: number): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    return whenIdle(() => startTransition(() => setCount((shown) => shown + 1)), {
      timeoutMs: 500,
      fallbackMs: 16,
    });
  }, [count, total]);
  return Math.min(count, total);
}
