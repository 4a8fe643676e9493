import { useEffect, useState } from "react";
import { useHydrated } from "./use-hydrated.ts";

const NONE = Symbol("none");

/**
 * Whether a success message should show: with JavaScript it disappears 3 s after `trigger`
 * changes (docs/product.md); without it (and before hydration) it stays, since nothing could
 * hide it. The message hides when the timer of the current trigger has run out.
 */
export function useForThreeSeconds(trigger: unknown, on: boolean): boolean {
  const hydrated = useHydrated();
  const [expired, setExpired] = useState<unknown>(NONE);
  useEffect(() => {
    if (!on) return;
    const t = setTimeout(() => setExpired(trigger), 3000);
    return () => clearTimeout(t);
  }, [trigger, on]);
  return on && (!hydrated || expired !== trigger);
}
