import crypto from "node:crypto";
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext } from "react-router";
import { NonceContext } from "./lib/nonce.tsx";
import { applyDocumentHeaders, pageCspOf } from "./lib/security-headers.server.ts";
import { FORBIDDEN_ORIGIN, isCrossSiteMutation } from "./lib/csrf.server.ts";
import { log } from "./lib/log.server.ts";

export const streamTimeout = 5_000;

// Called once by server/index.ts after the build is loaded, and on SIGTERM.
export { startBackgroundJobs } from "./jobs.server.ts";
export { beginShutdown, finishShutdown } from "./shutdown.server.ts";
// Called by every server process at start (each cluster worker too).
export { registerAppGauges } from "./features/monitoring/metrics.server.ts";

/**
 * An error React Router caught in a loader, an action or a render, logged with its request's id. A
 * refusal of the request (answered 4xx: a cross-site form post, a method the route has no handler
 * for, a path no route has) is the client's doing: a `warn` line without a stack, so that `error`
 * lines (with their stack) are faults of ours and an alert on them means something.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  // A request its client abandoned is not an error of ours.
  if (request.signal.aborted) return;
  const refusal = refusalOf(error, request);
  if (refusal) log.warn(refusal, "Solicitud rechazada");
  else log.error({ err: error }, "Error no controlado al atender una solicitud");
}

/** What a refused request is answered (its status and why), or null for a fault of ours. */
function refusalOf(error: unknown, request: Request): { status: number; reason: string } | null {
  // React Router's own answers (405 without an action or loader, 404 without a route); a thrown
  // Response is one too. Their text may quote the path, which may hold a token: never logged.
  if (isRouteErrorResponse(error))
    return error.status < 500 ? { status: error.status, reason: error.statusText } : null;
  // React Router refuses a document form post from another origin before any middleware runs
  // (400); the root's originCheckMiddleware refuses the others (403) without throwing.
  if (isCrossSiteMutation(request)) return { status: 400, reason: FORBIDDEN_ORIGIN };
  return null;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const nonce = crypto.randomBytes(16).toString("base64");
  const { matches } = routerContext.staticHandlerContext;
  const handles = matches.map((m) => routerContext.routeModules[m.route.id]?.handle);
  applyDocumentHeaders(responseHeaders, nonce, pageCspOf(handles));

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // The whole document, then one answer: no page streams deferred data, so writing it as one
  // buffer (one compression call, a Content-Length) costs less than a stream of small chunks.
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let shellRendered = false;
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error({ err: error }, "Error al generar la página");
        },
      },
    );
  });
}
