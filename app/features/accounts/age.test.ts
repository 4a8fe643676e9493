import { describe, expect, it } from "vitest";
import { ageOn, chileToday, needsGuardian } from "./age.ts";

describe("ages for the consent rule", () => {
  it("counts whole years by the calendar, birthdays included", () => {
    expect(ageOn("2012-11-26", "2026-11-25")).toBe(13);
    expect(ageOn("2012-11-26", "2026-11-26")).toBe(14);
    expect(ageOn("2012-02-29", "2026-02-28")).toBe(13);
    expect(ageOn("2012-02-29", "2026-03-01")).toBe(14);
    expect(ageOn("1990-01-01", "2026-11-25")).toBe(36);
    expect(ageOn("x", "2026-11-25")).toBeNull();
  });

  it("reads today in Chile, not in UTC", () => {
    // 02:00 UTC on the 26th is still the 25th in Santiago (UTC−3 in summer).
    expect(chileToday(new Date("2026-11-26T02:00:00Z"))).toBe("2026-11-25");
    expect(needsGuardian("2012-11-26", new Date("2026-11-26T02:00:00Z"))).toBe(true);
    expect(needsGuardian("2012-11-26", new Date("2026-11-26T12:00:00Z"))).toBe(false);
  });
});
