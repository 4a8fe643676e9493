// Types of sw-policy.js (plain JavaScript, bundled into the service worker: see that file).

export const CACHE_PREFIX: string;
export const NO_USER: "none";

export function cacheName(key: string): string;
export function keyOfCache(name: string): string | null;
export function userKeyOf(header: string | null): string | null;

export function mayServeKept(marker: string | null, owner: string | null): boolean;

export type RequestKind = "page" | "file" | "data";
export function requestKind(url: URL, origin: string): RequestKind | null;

export type KeepInfo = {
  status: number;
  redirected: boolean;
  keep: string | null;
  user: string | null;
  range: boolean;
};
export function mayKeep(url: URL, origin: string, info: KeepInfo): boolean;

export function courseToDrop(url: URL, origin: string, info: Pick<KeepInfo, "keep" | "user">): string | null;
export function inCourse(path: string, course: string): boolean;

export function documentUrlOfData(url: URL): string;

export type CacheEntry = { url: string; size: number; time: number };
export function planEviction(
  entries: readonly CacheEntry[],
  incoming: { url: string; size: number },
  limit: number,
): { fits: boolean; evict: string[] };

export function parseRange(header: string | null, size: number): { start: number; end: number } | "invalid" | null;

export function titleOf(html: string): string | null;

export function offlinePageHtml(requested: string, pages: ReadonlyArray<{ url: string; title: string | null }>): string;
