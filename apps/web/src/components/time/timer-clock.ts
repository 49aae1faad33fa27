import type { Timer } from '@firm/shared';
import { useEffect, useState } from 'react';

/** 1:05:09 from seconds. */
export function clockOf(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  const s = String(seconds % 60).padStart(2, '0');
  return `${h}:${m}:${s}`;
}

/** The timer's seconds now: the server's count when it answered, plus what ran since. */
export function useElapsed(timer: Timer | null | undefined, answeredAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  const running = Boolean(timer && !timer.paused);
  useEffect(() => {
    if (!running) return;
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, [running]);
  if (!timer) return 0;
  if (timer.paused) return timer.elapsedSeconds;
  return timer.elapsedSeconds + Math.max(0, Math.floor((now - answeredAt) / 1000));
}
