// Loader and action shared by /admin/messages, /docente/messages and /user/messages (the route guards first).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { requestedPath } from "~/features/accounts/guards.server.ts";
import type { SessionUser } from "~/features/accounts/session.server.ts";
import { failureHeaders, formReply } from "~/lib/failure.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { readForm } from "~/lib/form.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { excerpt } from "~/lib/text.ts";
import {
  getOwnMessage,
  getOwnSentMessage,
  getReplyDraft,
  listInboxPage,
  listSentPage,
  markMessageRead,
  sendMessage,
} from "./messages.server.ts";
import { folderFrom, MESSAGE_NOT_FOUND, SEND_FAILED } from "./texts.ts";
import { ComposeSchema, OpenSchema } from "./schema.ts";
import { log } from "~/lib/log.server.ts";

const NO_CURSORS = { prev: null, next: null };

/** The list shows an excerpt: whole texts only travel for the message being read. */
function withExcerpt<T extends { content: string }>({ content, ...message }: T) {
  return { ...message, excerpt: excerpt(content) };
}

export async function messagesScreenLoader(user: SessionUser, request: Request) {
  const url = new URL(request.url);
  const folder = folderFrom(url);
  const ver = url.searchParams.get("ver");
  const responder = url.searchParams.get("responder");
  // Showing a message never changes it (docs/product.md#security: a GET never changes state); the list's
  // "open" POST below marks it read. In the sent folder ?ver= is one of the user's sent messages.
  const [received, sent, reply] = await Promise.all([
    ver && folder === "recibidos" ? getOwnMessage(user, ver) : null,
    ver && folder === "enviados" ? getOwnSentMessage(user, ver) : null,
    responder ? getReplyDraft(user, responder) : null,
  ]);
  invariantResponse(!ver || received || sent, MESSAGE_NOT_FOUND, { status: 404 });
  const cursor = cursorFrom(url);
  const inboxPage = folder === "recibidos" ? await listInboxPage(user, cursor).catch(listFailed) : null;
  const sentPage = folder === "enviados" ? await listSentPage(user, cursor).catch(listFailed) : null;
  return {
    folder,
    inbox: (inboxPage?.rows ?? []).map(withExcerpt),
    sent: (sentPage?.rows ?? []).map(withExcerpt),
    cursors: (inboxPage ?? sentPage)?.cursors ?? NO_CURSORS,
    selected: received,
    selectedSent: sent,
    // ?responder=ID opens the form prefilled to answer one's own received message; ?para= (and
    // ?asunto=) a new one to someone (a tarea's class view, docs/product.md#returning-a-hand-in).
    composeOpen: url.searchParams.get("nuevo") === "1" || responder !== null || url.searchParams.has("para"),
    prefill: {
      to: (url.searchParams.get("para") ?? "").slice(0, 254),
      subject: (url.searchParams.get("asunto") ?? "").slice(0, 200),
    },
    reply: reply?.ok ? reply.draft : null,
    replyError: reply && !reply.ok ? reply.message : null,
  };
}

function listFailed(error: unknown) {
  log.error({ err: error }, "No se pudo cargar la carpeta de mensajes");
  return { rows: [], cursors: NO_CURSORS };
}

export async function messagesScreenAction(user: SessionUser, request: Request) {
  const form = await readForm(request);
  if (form.get("intent") === "open") return openAction(user, request, form);
  const submission = parseWithZod(form, { schema: ComposeSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), success: false }, { status: 400 });
  }
  try {
    const outcome = await sendMessage(user, submission.value);
    if (!outcome.ok) {
      return data(
        { result: formReply(submission, outcome), success: false },
        { status: outcome.status, headers: failureHeaders(outcome) },
      );
    }
    return data({ result: submission.reply({ resetForm: true }), success: true });
  } catch (error) {
    log.error({ err: error }, "No se pudo enviar el mensaje");
    return data({ result: submission.reply({ formErrors: [SEND_FAILED] }), success: false }, { status: 500 });
  }
}

/**
 * intent=open (an inbox item): marks the reader's own message read, then shows it: 303 to the
 * same page (other parameters such as ?nuevo=1 kept) with ?ver=ID. Someone else's message: 404.
 */
async function openAction(user: SessionUser, request: Request, form: FormData) {
  const parsed = OpenSchema.safeParse(Object.fromEntries(form));
  invariantResponse(parsed.success, "Solicitud inválida.", { status: 400 });
  invariantResponse(await markMessageRead(user, parsed.data.id), MESSAGE_NOT_FOUND, { status: 404 });
  // The page's own path and query (a JS navigation posts to "/x.data"): ?ver= replaced.
  const [pathname = "", search = ""] = requestedPath(request).split("?");
  const params = new URLSearchParams(search);
  params.delete("index");
  params.set("ver", parsed.data.id);
  return redirect(`${pathname}?${params}`, 303);
}
