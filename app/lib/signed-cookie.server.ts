// React Router's signed cookies (createCookie with `secrets`), read without Web Crypto. Its parse
// imports the secret as a key and verifies the HMAC through crypto.subtle on every request: two
// trips through libuv's thread pool (shared with argon2 and zlib) for a cookie that every signed-in
// request carries (about 3 % of a signed-in page's server time, profiled under bench:sign-in).
// Here the same HMAC-SHA256 is computed synchronously with node:crypto, in the same format, so
// cookies written by either read with the other: `base64(JSON)` + "." + base64 HMAC without
// padding, URI-encoded in the header. Writing (rare: sign-in, flash) stays React Router's.
import crypto from "node:crypto";
import { createCookie, type Cookie, type CookieOptions } from "react-router";

/** The raw value of cookie `name` in a Cookie header (the first one, as React Router reads), or null. */
function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    let value = part.slice(at + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length > 1) value = value.slice(1, -1);
    if (!value.includes("%")) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** The signed payload of `signed` under one of `secrets`, or null when no secret signed it. */
function unsign(signed: string, secrets: readonly string[]): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot < 0) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  for (const secret of secrets) {
    const expected = Buffer.from(crypto.createHmac("sha256", secret).update(value).digest("base64").replace(/=+$/, ""));
    if (expected.length === given.length && crypto.timingSafeEqual(expected, given)) return value;
  }
  return null;
}

/** React Router's decodeData: base64 of the UTF-8 JSON; {} when it does not decode, as there. */
function decodeData(value: string): unknown {
  try {
    return JSON.parse(Buffer.from(value, "base64").toString("utf8"));
  } catch {
    return {};
  }
}

/** createCookie(name, options) whose parse checks the signature synchronously (see above). */
export function createSignedCookie(name: string, options: CookieOptions & { secrets: string[] }): Cookie {
  const cookie = createCookie(name, options);
  const secrets = [...options.secrets];
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return true;
    },
    get expires() {
      return cookie.expires;
    },
    parse(header) {
      if (!header) return Promise.resolve(null);
      const raw = cookieValue(header, name);
      if (raw === null) return Promise.resolve(null);
      if (raw === "") return Promise.resolve("");
      const value = unsign(raw, secrets);
      return Promise.resolve(value === null ? null : decodeData(value));
    },
    serialize(value, serializeOptions) {
      return cookie.serialize(value, serializeOptions);
    },
  };
}
