import { describe, expect, it } from "vitest";
import { deviceLabel, UNKNOWN_DEVICE } from "./device-label.ts";

// Real User-Agent headers of the browsers a school sees (phones first).
const AGENTS: Array<[string, string]> = [
  [
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
    "Chrome en Android",
  ],
  ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0", "Firefox en Windows"],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) " +
      "Version/17.4 Mobile/15E148 Safari/604.1",
    "Safari en iPhone",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) " +
      "CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1",
    "Chrome en iPhone",
  ],
  [
    "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) " +
      "FxiOS/125.0 Mobile/15E148 Safari/605.1.15",
    "Firefox en iPad",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 " +
      "Safari/537.36 Edg/124.0.2478.80",
    "Edge en Windows",
  ],
  [
    "Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A145M) AppleWebKit/537.36 (KHTML, like Gecko) " +
      "SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
    "Samsung Internet en Android",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 " +
      "Safari/537.36 OPR/109.0.0.0",
    "Opera en Windows",
  ],
  [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) " +
      "Version/17.4 Safari/605.1.15",
    "Safari en macOS",
  ],
  [
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 " +
      "Safari/537.36",
    "Chrome en ChromeOS",
  ],
  [
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 " +
      "Safari/537.36",
    "Chrome en Linux",
  ],
  ["Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0", "Firefox en Linux"],
];

describe("deviceLabel", () => {
  it.each(AGENTS)("%s → %s", (agent, label) => {
    expect(deviceLabel(agent)).toBe(label);
  });

  it("says 'Navegador desconocido' for no header, an empty one or a tool's", () => {
    expect(deviceLabel(null)).toBe(UNKNOWN_DEVICE);
    expect(deviceLabel(undefined)).toBe(UNKNOWN_DEVICE);
    expect(deviceLabel("   ")).toBe(UNKNOWN_DEVICE);
    expect(deviceLabel("curl/8.5.0")).toBe(UNKNOWN_DEVICE);
    expect(deviceLabel("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(
      UNKNOWN_DEVICE,
    );
  });

  it("names what it knows when it knows only half", () => {
    expect(deviceLabel("Mozilla/5.0 (Linux; Android 12) Navegador-Escolar/1.0")).toBe("Navegador en Android");
    expect(deviceLabel("Firefox/125.0")).toBe("Firefox");
  });

  it("stores one of its own labels, never the header's text", () => {
    const hostile = `Mozilla/5.0 (Windows NT 10.0) <script>alert(1)</script> Firefox/1 ${"x".repeat(10_000)}`;
    expect(deviceLabel(hostile)).toBe("Firefox en Windows");
    // A name placed after the first 512 characters is not read.
    expect(deviceLabel(`${"x".repeat(600)} Chrome/1 (Android)`)).toBe(UNKNOWN_DEVICE);
    const labels = new Set(AGENTS.map(([agent]) => deviceLabel(agent)));
    for (const label of labels) expect(label).toMatch(/^[A-Za-z ]+$/);
  });
});
