const BASE = "http://x.invalid";

/** Whether a path would leave the site: `//host` and `/\host` are read as another host. */
const leavesSite = (path: string) => !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\");

/**
 * Returns a same-site path for a user-supplied redirect target, or the fallback.
 *
 * The target is checked twice: as typed, and after URL normalisation, because the path that
 * goes out in `Location` is the normalised one (`/..//evil.example` normalises to
 * `//evil.example`, which a browser reads as another host). Control characters (tabs and
 * newlines that browsers strip), backslashes and anything not starting with a single "/" end
 * at the fallback.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to) return fallback;
  const value = to.trim();
  if (leavesSite(value)) return fallback;
  // eslint-disable-next-line no-control-regex -- a control character in a redirect target is refused
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(value)) return fallback;
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (leavesSite(path)) return fallback;
    // What the browser will do with the result: it must stay on this site, as this path.
    const again = new URL(path, BASE);
    if (again.origin !== BASE || `${again.pathname}${again.search}${again.hash}` !== path) return fallback;
    return path;
  } catch {
    return fallback;
  }
}
