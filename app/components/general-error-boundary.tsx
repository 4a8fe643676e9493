// The one error page body (Epic Stack's GeneralErrorBoundary): every route's ErrorBoundary and
// the root's document-level one render it. A thrown data("mensaje", { status }) shows its
// message; each status has its Spanish default; a route overrides only the texts it has its own
// words for (statusHandlers, defaultStatusHandler, unexpectedErrorHandler) and where "back" goes.
import { isRouteErrorResponse, useRouteError } from "react-router";

/** What the page says: a heading, an optional explanation (as an alert when `alert`). */
export type ErrorCopy = { title: string; detail?: string; alert?: boolean };

/** A thrown response: its status and the data() message, if it was a non-empty string. */
export type StatusInfo = { status: number; statusText: string; message: string | null };

const UNEXPECTED_ERROR = "Ocurrió un error inesperado";
const TRY_AGAIN = "Intenta nuevamente en unos minutos.";

const DEFAULT_STATUS_COPY: Partial<Record<number, (info: StatusInfo) => ErrorCopy>> = {
  400: ({ message }) => ({ title: message ?? "Solicitud inválida", detail: "Revisa los datos e intenta nuevamente." }),
  401: ({ message }) => ({
    title: message ?? "Inicia sesión para continuar",
    detail: "Necesitas iniciar sesión para ver esta página.",
  }),
  403: ({ message }) => ({ title: "Acceso denegado", detail: message ?? "No tienes permiso para ver esta página." }),
  404: ({ message }) => ({
    title: message ?? "Página no encontrada",
    detail: "La página que buscas no existe o fue movida.",
  }),
};

/** What a status says when the route has no words of its own (a data() message where given). */
export function defaultCopy(info: StatusInfo): ErrorCopy {
  return DEFAULT_STATUS_COPY[info.status]?.(info) ?? { title: info.message ?? UNEXPECTED_ERROR, detail: TRY_AGAIN };
}

function unexpectedCopy(error: unknown): ErrorCopy {
  return { title: UNEXPECTED_ERROR, detail: import.meta.env.DEV && error instanceof Error ? error.message : TRY_AGAIN };
}

export function GeneralErrorBoundary({
  error: given,
  statusHandlers,
  defaultStatusHandler,
  unexpectedErrorHandler,
  back = { href: "/", label: "Volver al inicio" },
}: {
  /** The route's error (ErrorBoundary's prop); by default the router's current one. */
  error?: unknown;
  /** Texts for particular statuses. */
  statusHandlers?: Partial<Record<number, (info: StatusInfo) => ErrorCopy>>;
  /** Texts for any other status (instead of the per-status defaults). */
  defaultStatusHandler?: (info: StatusInfo) => ErrorCopy;
  /** Texts for anything that is not a thrown response (a bug, a lost connection). */
  unexpectedErrorHandler?: (error: unknown) => ErrorCopy;
  /** The way out: home unless the route knows better. */
  back?: { href: string; label: string };
}) {
  const routeError = useRouteError();
  const error = given === undefined ? routeError : given;
  let copy: ErrorCopy;
  if (isRouteErrorResponse(error)) {
    const info: StatusInfo = {
      status: error.status,
      statusText: error.statusText,
      message: typeof error.data === "string" && error.data.trim() ? error.data : null,
    };
    const handler = statusHandlers?.[error.status] ?? defaultStatusHandler ?? defaultCopy;
    copy = handler(info);
  } else {
    copy = (unexpectedErrorHandler ?? unexpectedCopy)(error);
  }
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{copy.title}</h1>
      {copy.detail ? (
        copy.alert ? (
          <p role="alert" className="alert-error mt-6">
            {copy.detail}
          </p>
        ) : (
          <p className="mt-3 text-slate-600">{copy.detail}</p>
        )
      ) : null}
      <p className="mt-8">
        <a href={back.href} className="btn-primary">
          {back.label}
        </a>
      </p>
    </div>
  );
}
