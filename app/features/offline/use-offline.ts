import { useCallback, useEffect, useState } from "react";

// The course page's view of the offline cache (worker/sw.ts answers "list" and "save"): without
// JavaScript, without a worker, or with one that cannot show kept copies here (no cookieStore),
// `active` stays false and the page shows no offline controls.

export type SaveProgress = { done: number; total: number };
export type SaveResult = { failed: string[]; full: number };

type Reply =
  | { type: "list"; urls: string[]; available?: boolean }
  | { type: "progress"; done: number; total: number }
  | { type: "done"; failed: string[]; full: number; kept: string[] };

function ask(message: object, onReply: (reply: Reply) => boolean | void) {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return false;
  const channel = new MessageChannel();
  channel.port1.onmessage = (event: MessageEvent<Reply>) => {
    if (onReply(event.data) === true) channel.port1.close();
  };
  worker.postMessage(message, [channel.port2]);
  return true;
}

export function useOfflineMaterial(enabled: boolean, pageUrl: string) {
  const [active, setActive] = useState(false);
  // Whether the worker can show kept copies in this browser: known from its first "list" answer
  // (an older worker's answer does not say, and it could).
  const [available, setAvailable] = useState(false);
  const [kept, setKept] = useState<ReadonlySet<string>>(new Set());

  const refresh = useCallback(() => {
    ask({ type: "list" }, (reply) => {
      if (reply.type === "list") setKept(new Set(reply.urls));
      return true;
    });
  }, []);

  useEffect(() => {
    if (!enabled || !("serviceWorker" in navigator)) return;
    const update = () => setActive(navigator.serviceWorker.controller !== null);
    update();
    navigator.serviceWorker.addEventListener("controllerchange", update);
    return () => navigator.serviceWorker.removeEventListener("controllerchange", update);
  }, [enabled]);

  useEffect(() => {
    if (!active) return;
    // The page itself is kept too: reached by a client-side navigation, only its data came over
    // the network (a document load keeps it already). A PDF opened in another tab is kept there:
    // coming back to this tab shows it.
    ask({ type: "list" }, (reply) => {
      if (reply.type !== "list") return true;
      setKept(new Set(reply.urls));
      setAvailable(reply.available !== false);
      if (reply.available !== false && !reply.urls.includes(pageUrl)) {
        ask({ type: "save", urls: [pageUrl] }, (r) => (r.type === "done" ? (setKept(new Set(r.kept)), true) : false));
      }
      return true;
    });
    const onVisible = () => document.visibilityState === "visible" && refresh();
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [active, pageUrl, refresh]);

  const save = useCallback(
    (urls: string[], onProgress: (p: SaveProgress) => void) =>
      new Promise<SaveResult>((resolve) => {
        const sent = ask({ type: "save", urls }, (reply) => {
          if (reply.type === "progress") onProgress(reply);
          if (reply.type !== "done") return false;
          setKept(new Set(reply.kept));
          resolve({ failed: reply.failed, full: reply.full });
          return true;
        });
        if (!sent) resolve({ failed: urls, full: 0 });
      }),
    [],
  );

  return { active: enabled && active && available, kept, save };
}

export type OfflineMaterial = ReturnType<typeof useOfflineMaterial>;
