// 'Cambiar contraseña' (docs/product.md#password-change): a wrong current password spends the account's own
// budget (passwordChangeUser), so a stolen session cannot guess on.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { audit } from "~/features/audit/audit.server.ts";
import { fail, failureHeaders, formReply, ok, type Result } from "~/lib/failure.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { CHANGE_PASSWORD_INTENT, CURRENT_PASSWORD_WRONG, PASSWORD_CHANGED } from "./account-security.ts";
import { ChangePasswordSchema, PASSWORD_FIELDS, type ChangePasswordInput } from "./change-password-schema.ts";
import { currentSessionId } from "./session.server.ts";
import { checkNewPassword, confirmOwnPassword, setPassword } from "./set-password.server.ts";

/** `keepSessionId`: the Session row the caller is using (a browser session or an API token's), which stays open. */
export async function changePassword(
  userId: string,
  input: ChangePasswordInput,
  keepSessionId: string | null,
  request: Request | null = null,
): Promise<Result> {
  const common = checkNewPassword(input.password);
  if (!common.ok) return common;
  const wrong = fail(400, CURRENT_PASSWORD_WRONG, { field: "passwordActual" });
  const confirmed = await confirmOwnPassword(userId, input.passwordActual, "passwordChangeUser", wrong);
  if (!confirmed.ok) return confirmed;
  await setPassword(userId, input.password, { keepSessionId });
  await audit(request, "user.password-change", { actorId: userId, targetType: "user", targetId: userId });
  return ok();
}

export type ChangePasswordActionData = { intent: typeof CHANGE_PASSWORD_INTENT; result: SubmissionResult<string[]> };

/** The form's action on both profile pages (the route guards first); the passwords typed are never sent back. */
export async function changePasswordFormAction(request: Request, user: { id: string }, backTo: string) {
  const keep = await currentSessionId(request);
  const submission = parseWithZod(await readForm(request), { schema: ChangePasswordSchema });
  const answer = (result: ChangePasswordActionData["result"], init: ResponseInit) =>
    data<ChangePasswordActionData>({ intent: CHANGE_PASSWORD_INTENT, result }, init);
  if (submission.status !== "success") {
    return answer(submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
  }
  const outcome = await changePassword(user.id, submission.value, keep, request);
  if (!outcome.ok) {
    return answer(formReply(submission, outcome, { hideFields: PASSWORD_FIELDS }), {
      status: outcome.status,
      headers: failureHeaders(outcome),
    });
  }
  return redirectWithFlash(request, backTo, { type: "success", message: PASSWORD_CHANGED });
}
