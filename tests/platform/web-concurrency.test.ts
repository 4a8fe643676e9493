// The default number of worker processes (server/web-concurrency.ts): one per core the machine
// gives, as its memory allows, at most 4; WEB_CONCURRENCY when set. So `npm run demo` on a
// four-core laptop serves with four processes, and a small container does not run out of memory.
import os from "node:os";
import { describe, expect, it } from "vitest";
import { webConcurrency } from "../../server/web-concurrency.ts";

const GiB = 1024 ** 3;

describe("WEB_CONCURRENCY's default", () => {
  it("is one process per core, as many as the memory holds at 768 MiB each, at most 4", () => {
    expect(webConcurrency(undefined, { cores: 1, memory: 8 * GiB })).toBe(1);
    expect(webConcurrency(undefined, { cores: 2, memory: 8 * GiB })).toBe(2);
    expect(webConcurrency("", { cores: 4, memory: 16 * GiB })).toBe(4);
    expect(webConcurrency(undefined, { cores: 32, memory: 128 * GiB })).toBe(4);
    // A small machine or container: its memory, not its cores, decides; never fewer than one.
    expect(webConcurrency(undefined, { cores: 8, memory: 2 * GiB })).toBe(2);
    expect(webConcurrency(undefined, { cores: 2, memory: 1 * GiB })).toBe(1);
    expect(webConcurrency(undefined, { cores: 8, memory: 0.25 * GiB })).toBe(1);
  });

  it("on this machine, at least one and at most its cores", () => {
    const workers = webConcurrency(undefined);
    expect(workers).toBeGreaterThanOrEqual(1);
    expect(workers).toBeLessThanOrEqual(Math.min(os.availableParallelism(), 4));
  });

  it("WEB_CONCURRENCY, a whole number from 1, wins (at most 64); anything else is the default", () => {
    const machine = { cores: 2, memory: 8 * GiB };
    expect(webConcurrency("1", machine)).toBe(1);
    expect(webConcurrency("6", machine)).toBe(6);
    expect(webConcurrency("3.7", machine)).toBe(3);
    expect(webConcurrency("500", machine)).toBe(64);
    expect(["0", "-2", "muchos"].map((setting) => webConcurrency(setting, machine))).toEqual([2, 2, 2]);
  });
});
