// The admin library page's action (docs/product.md#library): a multipart POST uploads a book,
// a form POST with intent=delete removes one. Both answer with a redirect + flash on success
// (works without JavaScript); a refused upload re-renders the form with the server's message.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import type { SessionUser } from "~/features/auth/session.server.ts";
import { formReply } from "~/lib/failure.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { listQuery, listStateFrom } from "~/lib/pagination.ts";
import { isMultipart } from "~/lib/upload.server.ts";
import { deleteBook, uploadBook } from "./books.server.ts";
import { BOOK_CREATED, bookDeleted, DELETE_FAILED, UPLOAD_FAILED } from "./messages.ts";
import { BookFormSchema } from "./schema.ts";

export type BookActionData = { result: SubmissionResult<string[]> };

const DeleteSchema = z.object({ intent: z.literal("delete"), bookId: z.string().min(1).max(64) });

export async function adminLibraryAction(request: Request, admin: SessionUser) {
  const url = new URL(request.url);
  // Back to the same search and page, rebuilt from their checked values (never the raw query).
  const back = `/admin/library${listQuery(listStateFrom(url))}`;
  if (isMultipart(request)) return uploadAction(request);

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
    console.error(error);
    return redirectWithFlash(request, back, { type: "error", message: DELETE_FAILED });
  }
}

async function uploadAction(request: Request) {
  let outcome: Awaited<ReturnType<typeof uploadBook>>;
  try {
    outcome = await uploadBook(request);
  } catch (error) {
    console.error(error);
    const submission = parseWithZod(new FormData(), { schema: BookFormSchema });
    return data({ result: submission.reply({ formErrors: [UPLOAD_FAILED] }) } satisfies BookActionData, {
      status: 500,
    });
  }
  if (outcome.ok) return redirectWithFlash(request, "/admin/library", { type: "success", message: BOOK_CREATED });
  const submission = parseWithZod(outcome.form ?? new FormData(), { schema: BookFormSchema });
  const reply = outcome.fieldErrors
    ? submission.reply({ fieldErrors: outcome.fieldErrors })
    : formReply(submission, { ...outcome, message: outcome.message || UPLOAD_FAILED });
  return data({ result: reply } satisfies BookActionData, { status: outcome.status });
}
