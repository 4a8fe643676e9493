import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useForThreeSeconds } from "~/components/ui/use-for-three-seconds.ts";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { usePendingIntent } from "~/components/ui/use-pending-intent.ts";
import { FormErrors, TextAreaField, TextField } from "~/components/ui/field.tsx";
import { roleLabel } from "~/features/auth/roles.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { withPage } from "~/lib/pagination.ts";
import { FILL_ALL, NO_MESSAGES, SELECT_MESSAGE, SEND_OK, type ComposeFields } from "../messages.ts";
import { useHydrated } from "~/components/ui/use-hydrated.ts";

type Msg = {
  id: string;
  from: string;
  fromName: string;
  fromRole: string;
  subject: string;
  content: string;
  leidoEn: Date | string | null;
  createdAt: Date | string;
};

type ListedMsg = Omit<Msg, "content"> & { excerpt: string };

export type MessagesScreenProps = {
  title: string;
  basePath: string;
  loaderData: {
    inbox: ListedMsg[];
    cursors: { prev: string | null; next: string | null };
    page: number;
    selected: Msg | null;
    composeOpen: boolean;
  };
  actionData?: { result: SubmissionResult<string[]>; success: boolean };
};

function href(basePath: string, params: { ver?: string | null; nuevo?: boolean }) {
  const q = new URLSearchParams();
  if (params.nuevo) q.set("nuevo", "1");
  if (params.ver) q.set("ver", params.ver);
  const s = q.toString();
  return s ? `${basePath}?${s}` : basePath;
}

/** Newer / older pages of the inbox (plain links that keep ?ver= and ?nuevo=). */
function InboxPages({ cursors, page }: { cursors: { prev: string | null; next: string | null }; page: number }) {
  const { search } = useLocation();
  if (!cursors.prev && !cursors.next) return null;
  return (
    <nav
      aria-label="Páginas de la bandeja"
      className="flex justify-between gap-2 border-t border-slate-200 p-3 text-sm"
    >
      {cursors.prev ? (
        <Link to={withPage(search, page - 1, { antes: cursors.prev })} rel="prev" className="btn-secondary">
          ← Más recientes
        </Link>
      ) : (
        <span />
      )}
      {cursors.next ? (
        <Link to={withPage(search, page + 1, { desde: cursors.next })} rel="next" className="btn-secondary">
          Más antiguos →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

export function MessagesScreen({ title, basePath, loaderData, actionData }: MessagesScreenProps) {
  const { inbox, cursors, page, selected, composeOpen } = loaderData;
  const selectedId = selected?.id ?? null;
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <Link
          to={href(basePath, { ver: selectedId, nuevo: !composeOpen })}
          preventScrollReset
          replace
          className="btn-primary"
          aria-expanded={composeOpen}
        >
          {composeOpen ? "Ocultar formulario" : "Enviar nuevo mensaje"}
        </Link>
      </div>

      {composeOpen ? (
        <Compose action={href(basePath, { ver: selectedId, nuevo: true })} actionData={actionData} />
      ) : null}

      <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="card overflow-hidden">
          <h2 className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold text-slate-700">
            Bandeja de entrada
          </h2>
          {inbox.length === 0 ? (
            <p className="p-4 text-sm text-slate-600">{NO_MESSAGES}</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Mensajes recibidos">
              {inbox.map((m) => {
                const unread = !m.leidoEn;
                const current = m.id === selectedId;
                return (
                  <li key={m.id}>
                    {/* Opening is a POST (it marks the message read), then a redirect to ?ver=ID. */}
                    <Form method="post" action={href(basePath, { nuevo: composeOpen })} preventScrollReset>
                      <input type="hidden" name="intent" value="open" />
                      <input type="hidden" name="id" value={m.id} />
                      <button
                        type="submit"
                        aria-current={current ? "true" : undefined}
                        className={
                          "block w-full px-4 py-3 text-left text-sm hover:bg-slate-50" + (current ? " bg-brand-50" : "")
                        }
                        data-unread={unread ? "true" : "false"}
                      >
                        <span className="flex items-center justify-between gap-2">
                          <span className={unread ? "font-bold text-slate-900" : "text-slate-800"}>{m.fromName}</span>
                          {unread ? (
                            <span
                              className={
                                "rounded-full bg-brand-100 px-2 " + "py-0.5 text-xs font-semibold text-brand-800"
                              }
                            >
                              No leído
                            </span>
                          ) : null}
                        </span>
                        <span className="block text-xs text-slate-500">{roleLabel(m.fromRole)}</span>
                        <span className={`block truncate ${unread ? "font-semibold" : ""}`}>{m.subject}</span>
                        <span className="block truncate text-xs text-slate-600">{m.excerpt}</span>
                        <span className="block text-xs text-slate-500">{formatDateTime(m.createdAt)}</span>
                      </button>
                    </Form>
                  </li>
                );
              })}
            </ul>
          )}
          <InboxPages cursors={cursors} page={page} />
        </div>

        <article className="card p-5" aria-label="Mensaje seleccionado">
          {selected ? (
            <>
              <h2 className="text-xl font-semibold text-slate-900">{selected.subject}</h2>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-500">De:</dt>
                <dd>
                  {selected.fromName} <span className="text-slate-500">&lt;{selected.from}&gt;</span>
                </dd>
                <dt className="text-slate-500">Rol:</dt>
                <dd>{roleLabel(selected.fromRole)}</dd>
                <dt className="text-slate-500">Recibido:</dt>
                <dd>{formatDateTime(selected.createdAt)}</dd>
              </dl>
              <p className="mt-4 whitespace-pre-wrap break-words text-slate-800">{selected.content}</p>
              {!selected.leidoEn ? (
                // Reached by a link (an e-mail notice): reading it does not mark it; this does.
                <Form method="post" action={href(basePath, { nuevo: composeOpen })} preventScrollReset className="mt-4">
                  <input type="hidden" name="intent" value="open" />
                  <input type="hidden" name="id" value={selected.id} />
                  <button type="submit" className="btn-secondary">
                    Marcar como leído
                  </button>
                </Form>
              ) : null}
            </>
          ) : (
            <p className="text-sm text-slate-600">{SELECT_MESSAGE}</p>
          )}
        </article>
      </div>
    </section>
  );
}

function Compose({ action, actionData }: { action: string; actionData?: MessagesScreenProps["actionData"] }) {
  const navigation = useNavigation();
  const sending = usePendingIntent()({ intent: "send" });
  const [form, fields] = useForm<ComposeFields>({
    id: "redactar",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    // Server-side validation only: Zod stays out of the browser.
    shouldValidate: "onSubmit",
  });
  const formRef = useRef<HTMLFormElement>(null);
  // With JavaScript the button is disabled while a field is empty; the server-rendered
  // button is always enabled so the form works without JavaScript.
  const hydrated = useHydrated();
  const [complete, setComplete] = useState(false);
  const check = () => {
    const el = formRef.current;
    if (!el) return;
    const fd = new FormData(el);
    setComplete(["to", "subject", "content"].every((k) => String(fd.get(k) ?? "").trim() !== ""));
  };
  // After each server answer, read back what the form holds now (the DOM is the source: the
  // browser may have kept or reset typed values), so the send button matches it.
  useEffect(check, [actionData]);

  const okVisible = useForThreeSeconds(actionData, !!actionData?.success);

  const allFieldErrors = Object.values(form.allErrors).flat();
  const summary = [...(form.errors ?? []), ...(allFieldErrors.includes(FILL_ALL) ? [FILL_ALL] : [])];
  const hide = [FILL_ALL];

  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      {...getFormProps(form)}
      ref={formRef}
      onInput={check}
      className="card mt-4 space-y-4 p-5"
      aria-label="Nuevo mensaje"
    >
      {okVisible ? (
        <p role="status" className="alert-success">
          {SEND_OK}
        </p>
      ) : null}
      <FormErrors id={form.errorId} errors={summary} />
      <TextField field={fields.to} label="Correo del destinatario" type="email" autoComplete="off" hideErrors={hide} />
      <TextField field={fields.subject} label="Asunto" hideErrors={hide} />
      <TextAreaField field={fields.content} label="Contenido" rows={5} hideErrors={hide} />
      <button
        type="submit"
        name="intent"
        value="send"
        className="btn-primary"
        disabled={hydrated && (!complete || sending)}
      >
        {sending ? "Enviando..." : "Enviar mensaje"}
      </button>
    </Form>
  );
}
