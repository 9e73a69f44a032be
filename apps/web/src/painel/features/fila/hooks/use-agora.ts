import { useEffect, useState } from 'react';

/** The current time, ticking every `ms`: the cards' timers and a scheduled order's column. */
export function useAgora(ms = 10_000): number {
  const [agora, setAgora] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setAgora(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return agora;
}
