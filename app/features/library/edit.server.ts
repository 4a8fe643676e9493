// Editing a book (docs/product.md#library), with the upload's rules. The replaced file is removed
// only once the row points to the new one, so a failure at any step leaves the book whole, and a
// refused or failed edit leaves no new file behind.
import type { SessionUser } from "~/features/accounts/session.server.ts";
import { audit } from "~/features/audit/audit.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { fail, ok } from "~/lib/failure.ts";
import { deleteStoredLogged } from "~/lib/storage.server.ts";
import { deletePagePreviews } from "./book-pages.server.ts";
import { withUpload, type StoredUpload } from "~/lib/upload.server.ts";
import { bookSearchUpdate } from "./book-words.ts";
import { readPageCount } from "./book-pdf.server.ts";
import { fieldErrorsOf, parseBookUpload, type Uploaded as Edited } from "./books.server.ts";
import { bookSelect, toBookView } from "./book-rows.server.ts";
import { BOOK_NOT_FOUND, PDF_CHOOSE_AGAIN, PDF_FIELD, PDF_UNREADABLE, UPDATE_FAILED } from "./texts.ts";
import { BookFormSchema, type BookFormInput } from "./schema.ts";

/**
 * The whole edit (the admin page's action): parse the multipart body with the PDF limits, check
 * the book exists and the fields, then write. Unexpected errors are thrown after the new file,
 * if any, is removed.
 */
export async function updateBook(admin: SessionUser, id: string, request: Request): Promise<Edited> {
  const parsed = await parseBookUpload(request);
  if (!parsed.ok) return parsed;
  const { form, files } = parsed;
  const pdf = files.get(PDF_FIELD) ?? null;
  // The new PDF is kept only when the edit is saved.
  const outcome = await withUpload(pdf, (file) => saveEdit(id, form, file));
  if (!outcome.ok) return { ...outcome, form: outcome.form ?? form };
  await audit(request, "book.update", {
    actorId: admin.id,
    targetType: "book",
    targetId: id,
    detail: outcome.book.title,
  });
  return outcome;
}

async function saveEdit(id: string, form: FormData, pdf: StoredUpload | null): Promise<Edited> {
  const parsed = BookFormSchema.safeParse(
    Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")),
  );
  // Two admins saving the same book at once: the update is conditional on the file it replaces
  // (where pdfKey = the one read), so each replaced file is removed exactly once; a lost race
  // reads the book again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const current = await prisma.book.findUnique({ where: { id }, select: bookSelect });
    if (!current) return fail(404, BOOK_NOT_FOUND);
    if (!parsed.success) return invalid(parsed.error.issues, pdf);
    const pages = parsed.data.pages ?? (await readPageCount(pdf?.key ?? current.pdfKey));
    if (pages === null) return fail(400, PDF_UNREADABLE, { field: "pages" });
    const saved = await writeEdit(current, { ...parsed.data, pages }, pdf);
    if (!saved) continue;
    if (pdf) {
      await deleteStoredLogged(current.pdfKey);
      await deletePagePreviews(current.pdfKey);
    }
    return ok({ book: toBookView(saved) });
  }
  return fail(409, UPDATE_FAILED);
}

/** The row and its words in one update, only while it still has the file read; null otherwise. */
async function writeEdit(
  current: { id: string; pdfKey: string; createdAt: Date },
  input: BookFormInput & { pages: number },
  pdf: StoredUpload | null,
) {
  try {
    return await prisma.book.update({
      where: { id: current.id, pdfKey: current.pdfKey },
      data: {
        title: input.title,
        author: input.author,
        description: input.description,
        pages: input.pages,
        ...(pdf ? { pdfKey: pdf.key, pdfSize: pdf.size } : {}),
        ...bookSearchUpdate(current, input.title, input.author),
      },
      select: bookSelect,
    });
  } catch (error) {
    if ((error as { code?: string }).code === "P2025") return null;
    throw error;
  }
}

function invalid(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>, pdf: StoredUpload | null): Edited {
  const fieldErrors = fieldErrorsOf(issues);
  // Browsers never keep a chosen file after a refusal: ask for it again when one was sent.
  if (pdf) fieldErrors[PDF_FIELD] = [PDF_CHOOSE_AGAIN];
  return { ...fail(400, issues[0]?.message ?? BOOK_NOT_FOUND), fieldErrors };
}
