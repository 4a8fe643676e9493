import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useForThreeSeconds } from "~/components/ui/use-for-three-seconds.ts";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { useServerForm } from "~/components/ui/use-server-form.ts";
import { usePendingIntent } from "~/components/ui/use-pending-intent.ts";
import { Email } from "~/components/ui/email.tsx";
import { FormErrors, TextAreaField, TextField } from "~/components/ui/field.tsx";
import { roleLabel } from "~/features/accounts/roles.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { KeysetPager } from "~/components/ui/keyset-pager.tsx";
import { FILL_ALL, type ComposeFields, type Folder, type ReplyDraft } from "../texts.ts";
import { useHydrated } from "~/components/ui/use-hydrated.ts";
import type { messagesScreenLoader } from "../screen.server.ts";

type Data = Awaited<ReturnType<typeof messagesScreenLoader>>;
type Msg = NonNullable<Data["selected"]>;
type SentMsg = NonNullable<Data["selectedSent"]>;

export type MessagesScreenProps = {
  title: string;
  basePath: string;
  loaderData: Data;
  actionData?: { result: SubmissionResult<string[]>; success: boolean };
};

/**
 * This page's address with some parameters set, or removed (null); the others (folder, page,
 * cursor, ?nuevo=, ?ver=) are kept, so every link and form comes back to the same list page.
 */
function useHere(basePath: string) {
  const { search } = useLocation();
  return (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(search);
    params.delete("index");
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) params.delete(name);
      else params.set(name, value);
    }
    const query = params.toString();
    return query ? `${basePath}?${query}` : basePath;
  };
}

type Here = ReturnType<typeof useHere>;

const FOLDERS: ReadonlyArray<{ folder: Folder; label: string; carpeta: string | null }> = [
  { folder: "recibidos", label: "Recibidos", carpeta: null },
  { folder: "enviados", label: "Enviados", carpeta: "enviados" },
];

/** 'Recibidos' / 'Enviados': plain links (?carpeta=enviados), the current one aria-current. */
function FolderTabs({ folder, here }: { folder: Folder; here: Here }) {
  return (
    <nav aria-label="Carpetas" className="mt-6 flex gap-2 border-b border-slate-200">
      {FOLDERS.map((f) => {
        const current = f.folder === folder;
        return (
          <Link
            key={f.folder}
            to={here({ carpeta: f.carpeta, ver: null, page: null, desde: null, antes: null })}
            aria-current={current ? "page" : undefined}
            className={
              "-mb-px rounded-t-lg border px-4 py-2 text-sm font-medium " +
              (current
                ? "border-slate-200 border-b-white bg-white text-brand-800"
                : "border-transparent text-slate-700 hover:text-brand-700")
            }
          >
            {f.label}
          </Link>
        );
      })}
    </nav>
  );
}

/** Below this width (Tailwind's md) the list and the opened message do not fit side by side. */
const PHONE_QUERY = "(width < 48rem)";

/**
 * On a phone, an opened message (?ver=ID) is shown instead of the list (CSS, so also without
 * JavaScript, where the page loads at its top). With JavaScript the list's forms keep the scroll
 * position (preventScrollReset), so the message is scrolled to and its heading takes the focus
 * (the button that opened it is gone).
 */
function useShowOpenedOnPhone(openId: string | null) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!openId || !window.matchMedia(PHONE_QUERY).matches) return;
    heading.current?.closest("article")?.scrollIntoView({ block: "start" });
    heading.current?.focus({ preventScroll: true });
  }, [openId]);
  return heading;
}

export function MessagesScreen({ title, basePath, loaderData, actionData }: MessagesScreenProps) {
  const { folder, cursors, selected, selectedSent, composeOpen, reply, replyError, prefill } = loaderData;
  const here = useHere(basePath);
  const openId = selected?.id ?? selectedSent?.id ?? null;
  const heading = useShowOpenedOnPhone(openId);
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <Link
          to={here(composeOpen ? { nuevo: null, responder: null, para: null, asunto: null } : { nuevo: "1" })}
          preventScrollReset
          replace
          className="btn-primary"
          aria-expanded={composeOpen}
        >
          {composeOpen ? "Ocultar formulario" : "Enviar nuevo mensaje"}
        </Link>
      </div>

      {composeOpen && replyError ? (
        <p role="alert" className="alert-error mt-4">
          {replyError}
        </p>
      ) : null}
      {composeOpen ? (
        // Posted without ?responder=: once sent, the page shows an empty form again.
        <Compose
          key={reply?.replyTo ?? "nuevo"}
          action={here({ nuevo: "1", responder: null, para: null, asunto: null })}
          actionData={actionData}
          reply={reply}
          prefill={prefill}
        />
      ) : null}

      <FolderTabs folder={folder} here={here} />

      <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className={`card overflow-hidden${openId ? " hidden md:block" : ""}`}>
          {folder === "enviados" ? (
            <SentList messages={loaderData.sent} selectedId={selectedSent?.id ?? null} here={here} />
          ) : (
            <InboxList messages={loaderData.inbox} selectedId={selected?.id ?? null} here={here} />
          )}
          <KeysetPager
            cursors={cursors}
            label="Páginas de la bandeja"
            older="Más antiguos →"
            className="gap-2 border-t border-slate-200 p-3"
          />
        </div>

        <article className="card scroll-mt-20 p-5" aria-label="Mensaje seleccionado">
          {openId ? (
            <p className="mb-3 md:hidden">
              <Link to={here({ ver: null })} className="text-sm font-medium text-brand-700 underline">
                <span aria-hidden="true">← </span>
                {folder === "enviados" ? "Volver a enviados" : "Volver a la bandeja"}
              </Link>
            </p>
          ) : null}
          {selected ? (
            <ReceivedMessage message={selected} here={here} heading={heading} />
          ) : selectedSent ? (
            <SentMessage message={selectedSent} heading={heading} />
          ) : (
            <p className="text-sm text-slate-600">Selecciona un mensaje para ver su contenido.</p>
          )}
        </article>
      </div>
    </section>
  );
}

type MessageListProps = { title: string; label: string; empty: string; children: React.ReactNode[] };

/** A folder's list: its heading, then the messages or a sentence saying there are none. */
function MessageList({ title, label, empty, children }: MessageListProps) {
  return (
    <>
      <h2 className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold text-slate-700">{title}</h2>
      {children.length === 0 ? (
        <p className="p-4 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={label}>
          {children}
        </ul>
      )}
    </>
  );
}

/** Marks the reader's message read (a POST), then the redirect shows it (?ver=ID). */
function OpenForm({ id, here, children }: { id: string; here: Here; children: React.ReactNode }) {
  return (
    <Form method="post" action={here({ ver: null })} preventScrollReset>
      <input type="hidden" name="intent" value="open" />
      <input type="hidden" name="id" value={id} />
      {children}
    </Form>
  );
}

const itemClass = (current: boolean) => "block px-4 py-3 text-sm hover:bg-slate-50" + (current ? " bg-brand-50" : "");

function InboxList({ messages, selectedId, here }: { messages: Data["inbox"]; selectedId: string | null; here: Here }) {
  return (
    <MessageList title="Bandeja de entrada" label="Mensajes recibidos" empty="No hay mensajes">
      {messages.map((m) => {
        const unread = !m.leidoEn;
        const current = m.id === selectedId;
        return (
          <li key={m.id}>
            <OpenForm id={m.id} here={here}>
              <button
                type="submit"
                aria-current={current ? "true" : undefined}
                className={`w-full text-left ${itemClass(current)}`}
                data-unread={unread ? "true" : "false"}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className={unread ? "font-bold text-slate-900" : "text-slate-800"}>{m.fromName}</span>
                  {unread ? (
                    <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
                      No leído
                    </span>
                  ) : null}
                </span>
                <span className="block text-xs text-slate-600">{roleLabel(m.fromRole)}</span>
                <span className={`block truncate ${unread ? "font-semibold" : ""}`}>{m.subject}</span>
                <span className="block truncate text-xs text-slate-600">{m.excerpt}</span>
                <span className="block text-xs text-slate-600">{formatDateTime(m.createdAt)}</span>
              </button>
            </OpenForm>
          </li>
        );
      })}
    </MessageList>
  );
}

/** The sent folder: plain links to ?ver=ID (reading one's own sent message changes nothing). */
function SentList({ messages, selectedId, here }: { messages: Data["sent"]; selectedId: string | null; here: Here }) {
  return (
    <MessageList title="Enviados" label="Mensajes enviados" empty="No has enviado mensajes">
      {messages.map((m) => (
        <li key={m.id}>
          <Link
            to={here({ ver: m.id })}
            preventScrollReset
            aria-current={m.id === selectedId ? "true" : undefined}
            className={itemClass(m.id === selectedId)}
          >
            <span className="block text-slate-800">Para: {m.toName}</span>
            <span className="block truncate">{m.subject}</span>
            <span className="block truncate text-xs text-slate-600">{m.excerpt}</span>
            <span className="block text-xs text-slate-600">{formatDateTime(m.createdAt)}</span>
          </Link>
        </li>
      ))}
    </MessageList>
  );
}

type HeadingRef = React.RefObject<HTMLHeadingElement | null>;

function ReceivedMessage({ message, here, heading }: { message: Msg; here: Here; heading: HeadingRef }) {
  return (
    <>
      <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900">
        {message.subject}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">De:</dt>
        <dd>
          {message.fromName} {/* A deleted account's messages keep no address ('Cuenta eliminada'). */}
          {message.from ? <Email value={message.from} bracketed className="text-slate-500" /> : null}
        </dd>
        <dt className="text-slate-500">Rol:</dt>
        <dd>{roleLabel(message.fromRole) || "—"}</dd>
        <dt className="text-slate-500">Recibido:</dt>
        <dd>{formatDateTime(message.createdAt)}</dd>
      </dl>
      <p className="mt-4 whitespace-pre-wrap break-words text-slate-800">{message.content}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        {/* A plain link: the server resolves the sender and prefills the form (?responder=ID). */}
        <Link to={here({ responder: message.id, nuevo: "1" })} preventScrollReset className="btn-primary">
          Responder
        </Link>
        {!message.leidoEn ? (
          // Reached by a link (an e-mail notice): reading it does not mark it; this does.
          <OpenForm id={message.id} here={here}>
            <button type="submit" className="btn-secondary">
              Marcar como leído
            </button>
          </OpenForm>
        ) : null}
      </div>
    </>
  );
}

function SentMessage({ message, heading }: { message: SentMsg; heading: HeadingRef }) {
  return (
    <>
      <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900">
        {message.subject}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">Para:</dt>
        <dd>
          {message.toName} <Email value={message.to} bracketed className="text-slate-500" />
        </dd>
        <dt className="text-slate-500">Enviado:</dt>
        <dd>{formatDateTime(message.createdAt)}</dd>
      </dl>
      <p className="mt-4 whitespace-pre-wrap break-words text-slate-800">{message.content}</p>
    </>
  );
}

/** The compose form; `reply` prefills the recipient and "Re: subject" (?responder=ID). */
function Compose({
  action,
  actionData,
  reply,
  prefill,
}: {
  action: string;
  actionData?: MessagesScreenProps["actionData"];
  reply: ReplyDraft | null;
  prefill?: { to: string; subject: string };
}) {
  const sending = usePendingIntent()({ intent: "send" });
  const [form, fields] = useServerForm<ComposeFields>(
    "redactar",
    actionData?.result,
    reply ? { to: reply.to, subject: reply.subject } : prefill?.to || prefill?.subject ? prefill : undefined,
  );
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
          Mensaje enviado correctamente.
        </p>
      ) : null}
      <FormErrors id={form.errorId} errors={summary} />
      {reply ? (
        <p className="text-sm text-slate-700">
          Respondiendo a <strong>{reply.toName}</strong> <Email value={reply.to} bracketed className="text-slate-500" />
        </p>
      ) : null}
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
