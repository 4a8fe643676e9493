// What the compiled service worker (sw.ts) is given when /sw.js starts it: this server's settings,
// read from the environment when the worker is served (features/offline/offline.server.ts).

/** The name of the global the compiled worker script defines (vite.service-worker.ts). */
export const WORKER_GLOBAL = "academiaServiceWorker";

export type WorkerConfig = {
  /** OFFLINE_CACHE_MB in bytes: a user's cache stays under it, oldest out. */
  limitBytes: number;
  /** The sign-in marker cookie's name (offline.server.ts). */
  markerCookie: string;
};
