// The admin library page's action (docs/product.md#library): a multipart POST uploads a book (to
// ?editar=ID: edits it), a form POST with intent=delete removes one.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import type { SessionUser } from "~/features/accounts/session.server.ts";
import { formReply } from "~/lib/failure.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { listQuery, listStateFrom } from "~/lib/pagination.ts";
import { isMultipart } from "~/lib/upload.server.ts";
import { deleteBook, uploadBook } from "./books.server.ts";
import { updateBook } from "./edit.server.ts";
import { BOOK_CREATED, BOOK_UPDATED, bookDeleted, DELETE_FAILED, UPDATE_FAILED, UPLOAD_FAILED } from "./texts.ts";
import { BookFormSchema } from "./schema.ts";
import { log } from "~/lib/log.server.ts";

/** A refused upload's or edit's reply; `form` says which form it answers ("edit" for ?editar=ID). */
export type BookActionData = { result: SubmissionResult<string[]>; form?: "upload" | "edit" };

const DeleteSchema = z.object({ intent: z.literal("delete"), bookId: z.string().min(1).max(64) });

export async function adminLibraryAction(request: Request, admin: SessionUser) {
  const url = new URL(request.url);
  // Back to the same search and page, rebuilt from their checked values (never the raw query).
  const back = `/admin/library${listQuery(listStateFrom(url))}`;
  const editId = url.searchParams.get("editar");
  if (isMultipart(request)) {
    return editId
      ? bookFormAction(request, "edit", () => updateBook(admin, editId.slice(0, 64), request), back, BOOK_UPDATED)
      : bookFormAction(request, "upload", () => uploadBook(request), "/admin/library", BOOK_CREATED);
  }

  let parsed;
  try {
    parsed = DeleteSchema.safeParse(Object.fromEntries(await readForm(request)));
  } catch {
    parsed = null;
  }
  if (!parsed?.success) return redirectWithFlash(request, back, { type: "error", message: "Solicitud inválida." });
  try {
    const outcome = await deleteBook(admin, parsed.data.bookId, request);
    return redirectWithFlash(
      request,
      back,
      outcome.ok ? { type: "success", message: bookDeleted(outcome.title) } : { type: "error", message: DELETE_FAILED },
    );
  } catch (error) {
    log.error({ err: error }, "No se pudo eliminar el libro");
    return redirectWithFlash(request, back, { type: "error", message: DELETE_FAILED });
  }
}

const FAILED = {
  upload: { text: UPLOAD_FAILED, log: "No se pudo subir el libro" },
  edit: { text: UPDATE_FAILED, log: "No se pudo actualizar el libro" },
};

/** A multipart upload or edit: a redirect with its flash, or the form again with the server's messages. */
async function bookFormAction(
  request: Request,
  form: keyof typeof FAILED,
  run: () => ReturnType<typeof uploadBook>,
  to: string,
  message: string,
) {
  const failed = FAILED[form].text;
  let outcome;
  try {
    outcome = await run();
  } catch (error) {
    log.error({ err: error }, FAILED[form].log);
    const submission = parseWithZod(new FormData(), { schema: BookFormSchema });
    return data({ result: submission.reply({ formErrors: [failed] }), form } satisfies BookActionData, { status: 500 });
  }
  if (outcome.ok) return redirectWithFlash(request, to, { type: "success", message });
  const submission = parseWithZod(outcome.form ?? new FormData(), { schema: BookFormSchema });
  const reply = outcome.fieldErrors
    ? submission.reply({ fieldErrors: outcome.fieldErrors })
    : formReply(submission, { ...outcome, message: outcome.message || failed });
  return data({ result: reply, form } satisfies BookActionData, { status: outcome.status });
}
