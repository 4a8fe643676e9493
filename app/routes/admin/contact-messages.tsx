import { data, Form, Link, useLocation, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Email } from "~/components/ui/email.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { requireAdmin } from "~/features/accounts/guards.server.ts";
import {
  getContactMessage,
  listContactMessages,
  replyToContact,
  setContactHandled,
} from "~/features/contact/contact.server.ts";
import { ContactReplySchema } from "~/features/contact/schema.ts";
import { MARKED_HANDLED, MARKED_PENDING, REPLY_SENT } from "~/features/contact/texts.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageFrom, withParam } from "~/lib/pagination.ts";
import type { Route } from "./+types/contact-messages";

// /admin/contact-messages (docs/product.md#contact): newest first; ?ver=ID opens one with its replies.
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const url = new URL(args.request.url);
  const [list, opened] = await Promise.all([
    listContactMessages({ page: pageFrom(url), cursor: cursorFrom(url) }),
    getContactMessage(url.searchParams.get("ver") ?? ""),
  ]);
  return { ...list, opened };
}

type ActionData = { error: string; respuesta: string };

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const { request } = args;
  const url = new URL(request.url);
  const form = await readForm(request);
  const id = String(form.get("contactoId") ?? "");
  const intent = form.get("intent");
  // Back to the same page with the message open (only a checked id goes in the address).
  const back = (open: boolean) => `/admin/contact-messages${withParam(url.search, "ver", open ? id : null, "")}`;
  if (intent === "responder") {
    const parsed = ContactReplySchema.safeParse({ respuesta: form.get("respuesta") });
    const respuesta = String(form.get("respuesta") ?? "");
    if (!parsed.success) {
      return data<ActionData>({ error: parsed.error.issues[0]!.message, respuesta }, { status: 400 });
    }
    const outcome = await replyToContact(admin, id, parsed.data.respuesta);
    if (!outcome.ok) return redirectWithFlash(request, back(false), { type: "error", message: outcome.message });
    return redirectWithFlash(request, back(true), { type: "success", message: REPLY_SENT });
  }
  if (intent === "atendido" || intent === "pendiente") {
    const outcome = await setContactHandled(admin, id, intent === "atendido");
    if (!outcome.ok) return redirectWithFlash(request, back(false), { type: "error", message: outcome.message });
    const message = intent === "atendido" ? MARKED_HANDLED : MARKED_PENDING;
    return redirectWithFlash(request, back(true), { type: "success", message });
  }
  return redirectWithFlash(request, back(false), { type: "error", message: "Solicitud inválida." });
}

const fullName = (p: { nombre: string; apellido: string } | null) =>
  p ? `${p.nombre} ${p.apellido}`.trim() : "una cuenta eliminada";

const SENDING: Record<string, string> = {
  pending: "en la cola de envío",
  sent: "enviada",
  failed: "no se pudo enviar (revisa la bandeja de salida)",
};

function HandledBadge({ at }: { at: Date | string | null }) {
  return at ? <Badge tone="green">Atendido</Badge> : <Badge tone="amber">Pendiente</Badge>;
}

export default function ContactMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pageCount, cursors, opened } = loaderData;
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">Mensajes de contacto</h1>
      <p className="mt-1 text-sm text-slate-600">{total === 1 ? "1 mensaje" : `${total} mensajes`}</p>
      {opened ? (
        <article aria-labelledby="contacto-abierto" className="card mt-4 p-4 text-sm">
          <h2 id="contacto-abierto" className="font-semibold text-slate-900">
            {opened.nombre} <Email value={opened.correo} bracketed className="font-normal text-slate-500" />
          </h2>
          <p className="text-xs text-slate-500">{formatDateTime(opened.createdAt)}</p>
          <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{opened.mensaje}</p>

          <div className="mt-3 flex flex-wrap items-center gap-2">
            <HandledBadge at={opened.atendidoEn} />
            <span className="text-slate-600">
              {opened.atendidoEn
                ? `Atendido por ${fullName(opened.atendidoPor)} el ${formatDateTime(opened.atendidoEn)}.`
                : "Nadie lo ha atendido todavía."}
            </span>
            <Form method="post">
              <input type="hidden" name="contactoId" value={opened.id} />
              <button
                type="submit"
                name="intent"
                value={opened.atendidoEn ? "pendiente" : "atendido"}
                className="btn-ghost px-3 py-1"
                disabled={busy}
              >
                {opened.atendidoEn ? "Marcar como pendiente" : "Marcar como atendido"}
              </button>
            </Form>
          </div>

          {opened.replies.length > 0 ? (
            <section aria-labelledby="contacto-respuestas" className="mt-4">
              <h3 id="contacto-respuestas" className="font-semibold text-slate-900">
                Respuestas
              </h3>
              <ul className="mt-2 space-y-2">
                {opened.replies.map((r) => (
                  <li key={r.id} className="rounded-md border border-slate-200 p-3">
                    <p className="text-xs text-slate-500">
                      {fullName(r.author)}, {formatDateTime(r.createdAt)}
                      {r.envio ? ` · ${SENDING[r.envio] ?? r.envio}` : ""}
                    </p>
                    <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{r.texto}</p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <Form method="post" className="mt-4 space-y-2" aria-labelledby="contacto-responder">
            <input type="hidden" name="contactoId" value={opened.id} />
            <label id="contacto-responder" htmlFor="respuesta" className="label">
              Responder por correo a <Email value={opened.correo} />
            </label>
            <textarea
              id="respuesta"
              name="respuesta"
              rows={5}
              maxLength={5000}
              required
              className="input"
              key={actionData?.respuesta ?? ""}
              defaultValue={actionData?.respuesta ?? ""}
              aria-invalid={actionData?.error ? true : undefined}
              aria-describedby={actionData?.error ? "respuesta-error" : "respuesta-ayuda"}
            />
            {actionData?.error ? (
              <p id="respuesta-error" className="field-error" role="alert">
                {actionData.error}
              </p>
            ) : (
              <p id="respuesta-ayuda" className="text-xs text-slate-500">
                Se envía con tu mensaje citado debajo, queda guardada aquí y marca el mensaje como atendido.
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <button type="submit" name="intent" value="responder" className="btn-primary" disabled={busy}>
                {busy ? "Enviando..." : "Enviar respuesta"}
              </button>
              <Link
                to={withParam(search, "ver", null, "/admin/contact-messages")}
                className="btn-ghost inline-block px-3 py-2"
              >
                Cerrar
              </Link>
            </div>
          </Form>
        </article>
      ) : null}
      {items.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No hay mensajes</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {items.map((m) => (
            <li key={m.id} className="card p-4 text-sm">
              <p className="font-semibold text-slate-900">
                <Link
                  to={withParam(search, "ver", m.id, "/admin/contact-messages")}
                  className="underline hover:no-underline"
                >
                  {m.nombre}
                  <span className="sr-only"> (ver mensaje completo)</span>
                </Link>{" "}
                <Email value={m.correo} bracketed className="font-normal text-slate-500" />{" "}
                <HandledBadge at={m.atendidoEn} />
              </p>
              <p className="text-xs text-slate-500">{formatDateTime(m.createdAt)}</p>
              <p className="mt-2 truncate text-slate-800">{m.excerpt}</p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} cursors={cursors} />
    </section>
  );
}
