// 'Unirme a una clase' on /user and /docente (docs/product.md#classes): the form's POST, without
// JavaScript too. The panel's action sends here the forms whose intent is JOIN_INTENT.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requirePanelUser, type GuardArgs } from "~/features/accounts/guards.server.ts";
import { failureHeaders, formReply } from "~/lib/failure.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { joinClass } from "./classes.server.ts";
import { JoinClassSchema } from "./schema.ts";

/** Joins the class of the typed code: to the course's page, or the form back with the reason beside the field. */
export async function joinClassAction(args: GuardArgs, form: FormData) {
  const user = await requirePanelUser(args);
  const submission = parseWithZod(form, { schema: JoinClassSchema });
  if (submission.status !== "success") return data({ join: submission.reply() }, { status: 400 });
  const outcome = await joinClass(user, submission.value.codigo, args.request);
  if (outcome.ok) {
    return redirectWithFlash(args.request, `/cursos/${outcome.curso.id}`, {
      type: "success",
      message: outcome.message,
    });
  }
  return data({ join: formReply(submission, outcome) }, { status: outcome.status, headers: failureHeaders(outcome) });
}
