import { useEffect, useState } from 'react';

/** Whole seconds until `deadline` (epoch ms), ticking while it lies ahead; 0 once it has passed or without one. */
export function useSecondsUntil(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    setNow(Date.now());
    if (deadline === null || deadline <= Date.now()) {
      return undefined;
    }
    const timer = window.setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= deadline) {
        window.clearInterval(timer);
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [deadline]);

  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}
