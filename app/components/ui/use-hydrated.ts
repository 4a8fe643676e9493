import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and during hydration, true once React runs in the browser: what needs
 * JavaScript (progress bars, copy buttons, fading messages) shows only then. Without an effect
 * and a state update, so the first client render matches the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
