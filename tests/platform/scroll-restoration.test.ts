// The lean scroll-restoration script of a document's first load.
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { restoreScrollScript } from "~/lib/scroll-restoration.tsx";

describe("restoreScrollScript", () => {
  function run(state: unknown, stored: string | null) {
    const calls: string[] = [];
    const window = {
      history: {
        state,
        replaceState(next: { key: string }) {
          calls.push(`replaceState:${typeof next.key === "string" && next.key.length > 0}`);
          this.state = next;
        },
      },
      scrollTo: (x: number, y: number) => calls.push(`scrollTo:${x},${y}`),
    };
    const sessionStorage = {
      getItem: (key: string) => (calls.push(`getItem:${key}`), stored),
      removeItem: (key: string) => calls.push(`removeItem:${key}`),
    };
    const console = { error: () => calls.push("error") };
    vm.runInNewContext(restoreScrollScript("scroll-key"), { window, sessionStorage, console });
    return { calls, state: window.history.state };
  }

  it("gives a fresh history entry a key and does not touch sessionStorage", () => {
    const { calls, state } = run(null, JSON.stringify({ abc: 300 }));
    expect(calls).toEqual(["replaceState:true"]);
    expect(state).toEqual({ key: expect.stringMatching(/^[0-9a-v]+$/) });
    expect(run({ usr: null }, null).calls).toEqual(["replaceState:true"]);
  });

  it("scrolls a reloaded or revisited entry to the position saved for its key", () => {
    expect(run({ key: "abc" }, JSON.stringify({ abc: 300, other: 10 })).calls).toEqual([
      "getItem:scroll-key",
      "scrollTo:0,300",
    ]);
    expect(run({ key: "abc" }, JSON.stringify({ other: 10 })).calls).toEqual(["getItem:scroll-key"]);
    expect(run({ key: "abc" }, null).calls).toEqual(["getItem:scroll-key"]);
  });

  it("forgets unreadable saved positions instead of failing", () => {
    expect(run({ key: "abc" }, "{not json").calls).toEqual(["getItem:scroll-key", "error", "removeItem:scroll-key"]);
  });

  it("writes the storage key as a JavaScript string that cannot close the script", () => {
    expect(restoreScrollScript("</script><b>")).toContain('("\\u003c/script>\\u003cb>")');
  });
});
