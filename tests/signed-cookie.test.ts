import { createCookie, createCookieSessionStorage } from "react-router";
import { describe, expect, test } from "vitest";
import { createSignedCookie } from "~/lib/signed-cookie.server.ts";

const options = { httpOnly: true, sameSite: "lax" as const, path: "/", secrets: ["s3cr3t-nuevo"] };
const header = (setCookie: string) => setCookie.split(";")[0]!;

describe("createSignedCookie reads what React Router's createCookie writes, and the reverse", () => {
  test.each([
    ["a session token", "Zm9vYmFyLWJhei1xdXV4LXRva2VuLTEyMzQ1Njc4OTA"],
    ["an object with accents", { flash: { type: "success", message: "¡Listo! Ñandú, señora González" } }],
    ["a list", ["uno", "dos", 3]],
  ])("%s", async (_what, value) => {
    const ours = createSignedCookie("academia_x", { ...options, secrets: [...options.secrets] });
    const theirs = createCookie("academia_x", { ...options, secrets: [...options.secrets] });
    expect(await ours.parse(header(await theirs.serialize(value)))).toEqual(value);
    expect(await theirs.parse(header(await ours.serialize(value)))).toEqual(value);
    // Among other cookies, and with the same name only as a suffix of another.
    const line = `otro=1; x_academia_x=2; ${header(await theirs.serialize(value))}; fin=3`;
    expect(await ours.parse(line)).toEqual(value);
  });

  test("refuses a tampered value, another secret's signature and an unsigned value", async () => {
    const ours = createSignedCookie("academia_x", { ...options, secrets: ["s3cr3t-nuevo"] });
    const written = header(await createCookie("academia_x", { ...options }).serialize("token-de-ana"));
    const [name, value] = [
      written.slice(0, written.indexOf("=")),
      decodeURIComponent(written.split("=").slice(1).join("=")),
    ];
    const other = await createCookie("academia_x", { ...options, secrets: ["otro"] }).serialize("token-de-ana");
    const forged =
      Buffer.from(JSON.stringify("token-de-beto")).toString("base64") + value.slice(value.lastIndexOf("."));
    for (const line of [
      `${name}=${encodeURIComponent(forged)}`,
      header(other),
      `${name}=${Buffer.from(JSON.stringify("token-de-ana")).toString("base64")}`,
      `${name}=sin-punto`,
    ]) {
      expect(await ours.parse(line)).toBeNull();
      // React Router refuses the same ones.
      expect(await createCookie("academia_x", { ...options }).parse(line)).toBeNull();
    }
    expect(await ours.parse(null)).toBeNull();
    expect(await ours.parse("otro=1")).toBeNull();
    expect(await ours.parse(`${name}=`)).toBe("");
  });

  test("reads a value signed with an older secret while the new one signs", async () => {
    const old = await createCookie("academia_x", { ...options, secrets: ["viejo"] }).serialize("token");
    const rotated = createSignedCookie("academia_x", { ...options, secrets: ["nuevo", "viejo"] });
    expect(await rotated.parse(header(old))).toBe("token");
    expect(
      await createCookie("academia_x", { ...options, secrets: ["nuevo"] }).parse(header(await rotated.serialize("t"))),
    ).toBe("t");
  });

  test("serves as a session storage's cookie (the flash messages)", async () => {
    const storage = createCookieSessionStorage<Record<string, never>, { flash: string }>({
      cookie: createSignedCookie("academia_flash", { ...options, secrets: [...options.secrets] }),
    });
    const session = await storage.getSession(null);
    session.flash("flash", "Guardado.");
    const line = header(await storage.commitSession(session));
    expect((await storage.getSession(line)).get("flash")).toBe("Guardado.");
  });
});
