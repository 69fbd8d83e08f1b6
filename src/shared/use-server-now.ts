import { useEffect, useState } from "react";

/** The server's time now, as estimated through `offsetMs`, updated every `everyMs`. */
export function useServerNow(offsetMs: number, everyMs = 10_000): number {
  const [localNow, setLocalNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setLocalNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return localNow + offsetMs;
}
