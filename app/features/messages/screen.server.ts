// Loader and action shared by /admin/messages and /user/messages (the route guards first).
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { SessionUser } from "~/features/auth/session.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { listInbox, openMessage, sendMessage } from "./messages.server.ts";
import { MESSAGE_NOT_FOUND, SEND_FAILED } from "./messages.ts";
import { ComposeSchema } from "./schema.ts";

export async function messagesScreenLoader(user: SessionUser, request: Request) {
  const url = new URL(request.url);
  const ver = url.searchParams.get("ver");
  // Opening a message marks it read first, so the list below already shows it read.
  const selected = ver ? await openMessage(user, ver) : null;
  if (ver && !selected) throw data(MESSAGE_NOT_FOUND, { status: 404 });
  const inbox = await listInbox(user).catch((error: unknown) => {
    console.error("No se pudo cargar la bandeja de entrada", error);
    return [];
  });
  return { inbox, selected, composeOpen: url.searchParams.get("nuevo") === "1", me: user.correo };
}

export async function messagesScreenAction(user: SessionUser, request: Request) {
  const submission = parseWithZod(await readForm(request), { schema: ComposeSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), success: false }, { status: 400 });
  }
  try {
    const outcome = await sendMessage(user, submission.value, request);
    if (!outcome.ok) {
      const reply = outcome.field
        ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } })
        : submission.reply({ formErrors: [outcome.message] });
      return data({ result: reply, success: false }, { status: outcome.status });
    }
    return data({ result: submission.reply({ resetForm: true }), success: true });
  } catch (error) {
    console.error(error);
    return data({ result: submission.reply({ formErrors: [SEND_FAILED] }), success: false }, { status: 500 });
  }
}
