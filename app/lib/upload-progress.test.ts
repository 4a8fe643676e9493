// sendWithProgress against a scripted XMLHttpRequest (Node has none): what it sends, how it
// reports progress, and how it resolves or rejects. The real browser path is covered by the
// admin upload end-to-end test (con-js).
import { afterEach, describe, expect, it } from "vitest";
import { errorMessageOf, sendWithProgress } from "./upload-progress.ts";

type Handler = ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;

class FakeXhr {
  static last: FakeXhr | null = null;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  withCredentials = true;
  sent: unknown = undefined;
  status = 0;
  responseText = "";
  aborted = false;
  upload: { onprogress: Handler; onload: (() => void) | null } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  // Test controls.
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ lengthComputable, loaded, total });
  }
  respond(status: number, text: string) {
    this.upload.onload?.();
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

const original = (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
function install() {
  (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = FakeXhr;
  FakeXhr.last = null;
}
afterEach(() => {
  (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = original;
});

describe("sendWithProgress", () => {
  it("POSTs the form asking for JSON, reports progress and resolves with status and JSON", async () => {
    install();
    const body = new FormData();
    body.set("title", "Libro");
    const fractions: number[] = [];
    const pending = sendWithProgress("/api/books/upload", body, (f) => fractions.push(f));
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/books/upload");
    expect(xhr.headers).toEqual({ Accept: "application/json" });
    expect(xhr.withCredentials).toBe(false);
    expect(xhr.sent).toBe(body);
    xhr.progress(25, 100);
    xhr.progress(0, 0, false); // unknown length: not reported
    xhr.progress(100, 100);
    xhr.respond(201, JSON.stringify({ message: "ok" }));
    await expect(pending).resolves.toEqual({ status: 201, json: { message: "ok" } });
    expect(fractions).toEqual([0.25, 1, 1]);
  });

  it("resolves with HTTP errors too (the caller reads `error`), and with null for a non-JSON body", async () => {
    install();
    const refused = sendWithProgress("/x", new FormData(), () => {});
    FakeXhr.last!.respond(413, JSON.stringify({ error: "El PDF supera el máximo de 10 MB." }));
    const answer = await refused;
    expect(answer.status).toBe(413);
    expect(errorMessageOf(answer.json)).toBe("El PDF supera el máximo de 10 MB.");

    const html = sendWithProgress("/x", new FormData(), () => {});
    FakeXhr.last!.respond(502, "<html>Bad gateway</html>");
    await expect(html).resolves.toEqual({ status: 502, json: null });
    expect(errorMessageOf(null)).toBeNull();
    expect(errorMessageOf({ error: "" })).toBeNull();
    expect(errorMessageOf({ error: 3 })).toBeNull();
  });

  it("rejects with a NetworkError when no answer arrives", async () => {
    install();
    const pending = sendWithProgress("/x", new FormData(), () => {});
    FakeXhr.last!.onerror?.();
    await expect(pending).rejects.toMatchObject({ name: "NetworkError" });
    const timedOut = sendWithProgress("/x", new FormData(), () => {});
    FakeXhr.last!.ontimeout?.();
    await expect(timedOut).rejects.toMatchObject({ name: "NetworkError" });
  });

  it("aborts through the signal (AbortError), also when already aborted", async () => {
    install();
    const controller = new AbortController();
    const pending = sendWithProgress("/x", new FormData(), () => {}, controller.signal);
    const xhr = FakeXhr.last!;
    controller.abort();
    expect(xhr.aborted).toBe(true);
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });

    FakeXhr.last = null;
    await expect(sendWithProgress("/x", new FormData(), () => {}, controller.signal)).rejects.toMatchObject({
      name: "AbortError",
    });
    expect(FakeXhr.last).toBeNull();
  });
});
