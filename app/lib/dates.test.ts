import { describe, expect, it } from "vitest";
import { formatCalendarDate, formatDate, formatDateTime } from "./dates.ts";

describe("dates", () => {
  it("writes a calendar date as Intl does for es-CL in UTC, for every day of several years", () => {
    const intl = new Intl.DateTimeFormat("es-CL", {
      timeZone: "UTC",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
    });
    for (let t = Date.UTC(1990, 0, 1, 12); t < Date.UTC(2031, 0, 1); t += 86_400_000 * 3) {
      expect(formatCalendarDate(new Date(t))).toBe(intl.format(new Date(t)));
    }
    expect(formatCalendarDate("2026-03-05T12:00:00.000Z")).toBe("05-03-2026");
    expect(formatCalendarDate(null)).toBe("Sin fecha");
    expect(formatCalendarDate("no es fecha", "—")).toBe("—");
  });

  it("shows instants in Santiago's time", () => {
    expect(formatDate("2026-01-01T02:00:00Z")).toBe("31-12-2025");
    expect(formatDateTime("2026-07-01T16:05:00Z")).toBe("01-07-2026, 12:05");
    expect(formatDate(undefined)).toBe("Sin fecha");
  });

  it("shows times in 24-hour form, as Chilean systems do (docs/product.md#voice)", () => {
    expect(formatDateTime("2026-07-01T20:05:00Z")).toBe("01-07-2026, 16:05");
    expect(formatDateTime("2026-07-01T04:05:00Z")).toBe("01-07-2026, 00:05");
    expect(formatDate(undefined)).toBe("Sin fecha");
  });
});
