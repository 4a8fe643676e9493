import { useEffect, useState } from "react";

/**
 * Whether a success message should show: with JavaScript it disappears after 3 s (SPEC §9);
 * without it (and before hydration) it stays, since nothing could hide it.
 */
export function useForThreeSeconds(trigger: unknown, on: boolean): boolean {
  const [hydrated, setHydrated] = useState(false);
  const [visible, setVisible] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!on) return;
    setVisible(true);
    const t = setTimeout(() => setVisible(false), 3000);
    return () => clearTimeout(t);
  }, [trigger, on]);
  return hydrated ? visible : on;
}
