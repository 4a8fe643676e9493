// Failures nobody sees are not swallowed: a stored file that cannot be deleted is
// logged with its key and counted for the housekeeping job's report, and SQLite's foreign keys
// are checked on, not assumed.
import { afterEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { reportFailedDeletes } from "~/jobs.server.ts";
import { enableForeignKeys, prisma } from "~/lib/db.server.ts";
import { deleteStoredLogged, fileStorage, newStorageKey, takeFailedDeletes } from "~/lib/storage.server.ts";
import { discard, type StoredUpload } from "~/lib/upload.server.ts";
import { expectErrorLog, loggedErrors } from "../setup.ts";

let broken: MockInstance | undefined;
afterEach(() => {
  broken?.mockRestore();
  broken = undefined;
  takeFailedDeletes();
});

/** The storage in use, made to fail every deletion; that many error lines expected in the log. */
function brokenDeletes(expectedErrors: number) {
  broken = vi.spyOn(fileStorage(), "delete").mockRejectedValue(new Error("EACCES: bucket refused the delete"));
  expectErrorLog(expectedErrors);
}

describe("a failed storage delete", () => {
  it("is logged with its key and counted, never thrown at the caller", async () => {
    takeFailedDeletes();
    brokenDeletes(3);
    const key = newStorageKey("books", "pdf");
    await expect(deleteStoredLogged(key)).resolves.toBe(false);
    const upload: StoredUpload = {
      field: "pdf",
      key: newStorageKey("modules", "pdf"),
      kind: "pdf",
      contentType: "application/pdf",
      size: 1,
      originalName: "a.pdf",
    };
    await expect(discard([upload])).resolves.toBeUndefined();

    expect(loggedErrors().map((line) => [line.msg, line.key])).toEqual([
      [`[storage] could not delete ${key}: the file is left orphaned`, key],
      [`[storage] could not delete ${upload.key}: the file is left orphaned`, upload.key],
    ]);
    expect(loggedErrors()[0]!.err).toMatchObject({ message: "EACCES: bucket refused the delete" });

    // The housekeeping job reports the count once, then starts again from zero.
    expect(reportFailedDeletes()).toBe(2);
    expect(loggedErrors().at(-1)).toMatchObject({ count: 2 });
    expect(loggedErrors().at(-1)!.msg).toMatch(/^\[housekeeping\] 2 stored file\(s\) could not be deleted/);
    expect(reportFailedDeletes()).toBe(0);
  });

  it("a key that is not ours is not a failure", async () => {
    await expect(deleteStoredLogged("../etc/passwd")).resolves.toBe(true);
    expect(takeFailedDeletes()).toBe(0);
  });
});

describe("SQLite's foreign keys", () => {
  it.runIf(process.env.DATABASE_URL?.startsWith("file:") ?? true)("are on in the app's client", async () => {
    await expect(enableForeignKeys(prisma)).resolves.toBeUndefined();
  });

  it("a pragma that fails or does not take is an error, not silence", async () => {
    const failing = {
      $executeRawUnsafe: () => Promise.reject(new Error("SQLITE_BUSY")),
      $queryRawUnsafe: () => Promise.resolve([{ foreign_keys: 1 }]),
    } as unknown as Parameters<typeof enableForeignKeys>[0];
    await expect(enableForeignKeys(failing)).rejects.toThrow("SQLITE_BUSY");
    const ignored = {
      $executeRawUnsafe: () => Promise.resolve(0),
      $queryRawUnsafe: () => Promise.resolve([{ foreign_keys: 0 }]),
    } as unknown as Parameters<typeof enableForeignKeys>[0];
    await expect(enableForeignKeys(ignored)).rejects.toThrow("PRAGMA foreign_keys is still off");
  });
});
