import { useEffect } from "react";
import { CACHE_PREFIX } from "./sw-policy.ts";

/**
 * A signed-in user's browser registers the offline service worker (decision 014); for nobody
 * signed in, one left from a session goes with its caches. Production builds only (not Vite's dev).
 */
export function useServiceWorker(signedIn: boolean) {
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    if (!signedIn) {
      forget().catch(() => undefined);
      return;
    }
    register().catch(() => undefined);
    window.addEventListener("click", offlineLinks, true);
    return () => window.removeEventListener("click", offlineLinks, true);
  }, [signedIn]);
}

async function register() {
  await navigator.serviceWorker.register("/sw.js");
  const { active } = await navigator.serviceWorker.ready;
  // A worker that became active while this page was loading claimed the clients of that moment,
  // not this page: ask it again (it calls clients.claim()).
  if (!navigator.serviceWorker.controller) active?.postMessage({ type: "claim" });
}

/**
 * Without a connection, a link of ours loads as a document (the worker answers it) rather than a
 * client-side navigation, which would need code this device may never have loaded. Runs before
 * React's own click handling (capture, on window).
 */
function offlineLinks(event: MouseEvent) {
  if (navigator.onLine || !navigator.serviceWorker.controller || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) return;
  if (link.origin !== location.origin || link.hash) return;
  event.preventDefault();
  event.stopPropagation();
  location.assign(link.href);
}

async function forget() {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return;
  for (const name of await caches.keys()) if (name.startsWith(CACHE_PREFIX)) await caches.delete(name);
  await registration.unregister();
}
