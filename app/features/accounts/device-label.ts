// The device a session was opened from ('Chrome en Android'): only one of the fixed labels below is stored,
// never the User-Agent itself (long, and the sender's free text).

export const UNKNOWN_DEVICE = "Navegador desconocido";

// A header longer than any real browser's says nothing more.
const MAX_READ = 512;

// Order matters: Edge, Opera and Samsung Internet also say "Chrome" and "Safari"; every iOS
// browser is WebKit and says "Safari" beside its own name (CriOS, FxiOS, EdgiOS).
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOPiOS\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\/|\b(?:iPhone|iPad|iPod)\b.*\bAppleWebKit\//, "Safari"],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b|\biPod\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMacintosh\b|\bMac OS X\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

function first(list: Array<[RegExp, string]>, text: string): string | null {
  return list.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/** 'Chrome en Android', 'Firefox en Windows', 'Safari en iPhone'…, else 'Navegador desconocido'. */
export function deviceLabel(userAgent: string | null | undefined): string {
  const text = (userAgent ?? "").slice(0, MAX_READ);
  if (!text.trim()) return UNKNOWN_DEVICE;
  const browser = first(BROWSERS, text);
  const system = first(SYSTEMS, text);
  if (browser && system) return `${browser} en ${system}`;
  if (browser) return browser;
  if (system) return `Navegador en ${system}`;
  return UNKNOWN_DEVICE;
}
