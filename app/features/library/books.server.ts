// The library's books as an admin changes them (docs/product.md#library): the upload (a refused or
// failed one leaves no file behind), the preview's row, and deletion (the file after the row).
import type { SessionUser } from "~/features/accounts/session.server.ts";
import { audit } from "~/features/audit/audit.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { fail, ok, type Failure, type Result } from "~/lib/failure.ts";
import { deleteStoredLogged, statStored } from "~/lib/storage.server.ts";
import { parseUpload, pdfUploadOptions, UploadError, withUpload, type StoredUpload } from "~/lib/upload.server.ts";
import { readPageCount } from "./book-pdf.server.ts";
import { bookPagePreviews, deletePagePreviews, pageImageUrl } from "./book-pages.server.ts";
import { bookSelect, getBook, toBookView, type BookView } from "./book-rows.server.ts";
import { BookFormSchema, type BookFormInput } from "./schema.ts";
import { BOOK_NOT_FOUND, PDF_CHOOSE_AGAIN, PDF_FIELD, PDF_REQUIRED, PDF_UNREADABLE } from "./texts.ts";
import { bookSearchFields } from "./book-words.ts";

/**
 * The book for the preview dialog: whether its file is there and, for a phone, the addresses of
 * its first pages as images (drawn at this first preview: ./book-pages.server.ts) or why not.
 */
export async function getBookForPreview(id: string) {
  const book = await getBook(id);
  if (!book) return null;
  const stat = await statStored(book.pdfKey).catch(() => null);
  const hasPdf = !!stat && stat.size > 0;
  const drawn = hasPdf ? await bookPagePreviews(book) : null;
  const pageImages = drawn?.ok ? Array.from({ length: drawn.count }, (_, i) => pageImageUrl(book.id, i + 1)) : [];
  return { ...toBookView(book), hasPdf, pageImages, pagesError: drawn && !drawn.ok ? drawn.message : null };
}

/** A refused upload keeps the sent form (to show it again) and, for invalid fields, every field's errors. */
type UploadFailure = Failure & { form?: FormData; fieldErrors?: Record<string, string[]> };
/** An upload's or an edit's outcome. */
export type Uploaded = Result<{ book: BookView }, UploadFailure>;

/** Creates a book from an already stored PDF; the file is discarded when anything fails. */
function createBook(input: BookFormInput, pdf: StoredUpload): Promise<Uploaded> {
  return withUpload(pdf, async (): Promise<Uploaded> => {
    let pages = input.pages;
    if (pages === undefined) {
      const counted = await readPageCount(pdf.key);
      if (counted === null) return fail(400, PDF_UNREADABLE, { field: "pages" });
      pages = counted;
    }
    const book = await prisma.book.create({
      data: {
        title: input.title,
        author: input.author,
        description: input.description,
        pages,
        pdfKey: pdf.key,
        pdfSize: pdf.size,
        ...bookSearchFields(input.title, input.author),
      },
      select: bookSelect,
    });
    return ok({ book: toBookView(book) });
  });
}

/**
 * A book form's multipart body (the upload and the edit): its fields and the streamed PDF, or the
 * refusal (too big, not a PDF…) under the PDF field with the sent form, to show it again.
 */
export async function parseBookUpload(
  request: Request,
): Promise<Result<{ form: FormData; files: Map<string, StoredUpload> }, UploadFailure>> {
  try {
    return ok(await parseUpload(request, pdfUploadOptions("books", [PDF_FIELD])));
  } catch (error) {
    if (error instanceof UploadError) {
      return { ...fail(error.status, error.message, { field: error.field ? PDF_FIELD : undefined }), form: error.form };
    }
    throw error;
  }
}

/** The whole upload (page action and POST /api/books/upload); unexpected errors are thrown after cleanup. */
export async function uploadBook(request: Request): Promise<Uploaded> {
  const parsed = await parseBookUpload(request);
  if (!parsed.ok) return parsed;
  const { form, files } = parsed;
  // The PDF is kept only when the book is created.
  return withUpload(files.get(PDF_FIELD), (pdf) => createFromForm(form, pdf));
}

/** A refused book form's messages by field. */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) (fieldErrors[String(issue.path[0] ?? "")] ??= []).push(issue.message);
  return fieldErrors;
}

async function createFromForm(form: FormData, pdf: StoredUpload | undefined): Promise<Uploaded> {
  const parsed = BookFormSchema.safeParse(
    Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")),
  );
  if (!parsed.success) {
    const fieldErrors = { ...fieldErrorsOf(parsed.error.issues), [PDF_FIELD]: [pdf ? PDF_CHOOSE_AGAIN : PDF_REQUIRED] };
    return { ...fail(400, parsed.error.issues[0]?.message ?? PDF_REQUIRED), form, fieldErrors };
  }
  if (!pdf) return { ...fail(400, PDF_REQUIRED, { field: PDF_FIELD }), form };
  const outcome = await createBook(parsed.data, pdf);
  return outcome.ok ? outcome : { ...outcome, form };
}

/** Deletes a book and then its file; audited as "book.delete". */
export async function deleteBook(
  admin: SessionUser,
  id: string,
  request: Request | null,
): Promise<Result<{ title: string }>> {
  const book = await prisma.book.findUnique({ where: { id }, select: { id: true, title: true, pdfKey: true } });
  if (!book || (await prisma.book.deleteMany({ where: { id } })).count === 0) return fail(404, BOOK_NOT_FOUND);
  await deleteStoredLogged(book.pdfKey);
  await deletePagePreviews(book.pdfKey);
  await audit(request, "book.delete", { actorId: admin.id, targetType: "book", targetId: book.id, detail: book.title });
  return ok({ title: book.title });
}

/** The id of the latest book: the upload form's key, so it starts empty after each upload. */
export async function newestBookId(): Promise<string | null> {
  const newest = await prisma.book.findFirst({ orderBy: { createdAt: "desc" }, select: { id: true } });
  return newest?.id ?? null;
}
