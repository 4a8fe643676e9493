import { useEffect } from "react";
import { CACHE_PREFIX } from "./sw-policy.js";

/**
 * After hydration (an effect): a signed-in user's browser registers the offline service worker
 * (/sw.js, decision 012); on a page for nobody signed in, a worker left from a session is
 * unregistered and its caches deleted (the worker also deletes them itself when it sees such a
 * page). Production builds only: in `react-router dev` a worker would get in the way of Vite.
 */
export function useServiceWorker(signedIn: boolean) {
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    if (signedIn) navigator.serviceWorker.register("/sw.js").catch(() => undefined);
    else forget().catch(() => undefined);
  }, [signedIn]);
}

async function forget() {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return;
  for (const name of await caches.keys()) if (name.startsWith(CACHE_PREFIX)) await caches.delete(name);
  await registration.unregister();
}
