// Loader and action shared by /admin/messages and /user/messages (the route guards first).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { requestedPath } from "~/features/auth/guards.server.ts";
import type { SessionUser } from "~/features/auth/session.server.ts";
import { formReply } from "~/lib/failure.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { readForm } from "~/lib/form.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { excerpt, getOwnMessage, listInboxPage, markMessageRead, sendMessage } from "./messages.server.ts";
import { MESSAGE_NOT_FOUND, SEND_FAILED } from "./messages.ts";
import { ComposeSchema, OpenSchema } from "./schema.ts";

export async function messagesScreenLoader(user: SessionUser, request: Request) {
  const url = new URL(request.url);
  const ver = url.searchParams.get("ver");
  // Showing a message never changes it (docs/product.md#security: a GET never changes state); the list's
  // "open" POST below marks it read.
  const selected = ver ? await getOwnMessage(user, ver) : null;
  invariantResponse(!ver || selected, MESSAGE_NOT_FOUND, { status: 404 });
  const page = await listInboxPage(user, cursorFrom(url)).catch((error: unknown) => {
    console.error("No se pudo cargar la bandeja de entrada", error);
    return { rows: [], cursors: { prev: null, next: null } };
  });
  // The list shows an excerpt: whole texts only travel for the message being read.
  const inbox = page.rows.map(({ content, ...m }) => ({ ...m, excerpt: excerpt(content) }));
  return {
    inbox,
    cursors: page.cursors,
    page: pageFrom(url),
    selected,
    composeOpen: url.searchParams.get("nuevo") === "1",
    me: user.correo,
  };
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
      return data({ result: formReply(submission, outcome), success: false }, { status: outcome.status });
    }
    return data({ result: submission.reply({ resetForm: true }), success: true });
  } catch (error) {
    console.error(error);
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
