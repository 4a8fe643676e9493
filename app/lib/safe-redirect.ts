/**
 * Returns a same-site path for a user-supplied redirect target, or the fallback.
 * "//evil.com", "https://evil.com", "/\\evil.com" and anything not starting with a single
 * "/" end at the fallback.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to) return fallback;
  const value = to.trim();
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex -- a control character in a redirect target is refused
  if (/[\u0000-\u001f\\]/.test(value)) return fallback;
  try {
    const url = new URL(value, "http://x.invalid");
    if (url.origin !== "http://x.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
