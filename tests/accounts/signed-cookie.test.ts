// The signed cookies (session, device, flash) are React Router's createCookie with `secrets`:
// a cookie signed before keeps reading across versions, and a changed one is refused.
import { describe, expect, test } from "vitest";
import { readFlash } from "~/lib/flash.server.ts";

/** A flash cookie as the server wrote it (tests' SESSION_SECRET), frozen here. */
const WRITTEN_BEFORE =
  "academia_flash=eyJfX2ZsYXNoX2ZsYXNoX18iOnsidHlwZSI6InN1Y2Nlc3MiLCJtZXNzYWdlIjoiwqFMaXN0byEgw5FhbmTDuiBndWFyZGFkby4ifX0%3D.gzHeiuCeC3rjx2TZxT2uV1waoj93f2a8zXZ3K1rrl3k";

const request = (cookie: string) => new Request("http://localhost/", { headers: { Cookie: cookie } });

describe("signed cookies", () => {
  test("a cookie signed before still reads", async () => {
    const { flash, setCookie } = await readFlash(request(`otro=1; ${WRITTEN_BEFORE}; fin=2`));
    expect(flash).toEqual({ type: "success", message: "¡Listo! Ñandú guardado." });
    // Read once: the answer clears it.
    expect(setCookie).toMatch(/^academia_flash=/);
  });

  test("a changed value or signature is refused", async () => {
    const [value, signature] = WRITTEN_BEFORE.split(".") as [string, string];
    const otherValue = Buffer.from(
      JSON.stringify({ __flash_flash__: { type: "error", message: "Falsificado." } }),
    ).toString("base64");
    for (const line of [
      `academia_flash=${encodeURIComponent(otherValue)}.${signature}`,
      `${value}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`,
      value,
    ]) {
      expect((await readFlash(request(line))).flash).toBeNull();
    }
  });
});
