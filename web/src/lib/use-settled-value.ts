import { useEffect, useState } from 'react';

/**
 * The value once it has stopped changing for `delayMs`: a search being typed (collabs' business search), a number
 * being typed at the counter (the points card's member lookup).
 */
export function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
