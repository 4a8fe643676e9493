// The library: /biblioteca, /admin/library, /biblioteca/:id/pdf and /api/books/*, against the
// real SQLite database and data directory.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PDFDocument } from "pdf-lib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { issueApiToken } from "~/features/accounts/api-token.server.ts";
import { bookSearchFields } from "~/features/library/book-words.ts";
import { bookFilename, COUNT_LIMITS, readPageCount } from "~/features/library/book-pdf.server.ts";
import { listBooks, normalizeSearch, PAGE_SIZE } from "~/features/library/book-search.server.ts";
import {
  BOOK_CREATED,
  BOOK_NOT_FOUND,
  BOOK_UPDATED,
  NO_PDF,
  PDF_CHOOSE_AGAIN,
  PDF_ONLY,
  PDF_REQUIRED,
  PDF_UNREADABLE,
  UPDATE_FAILED,
  bookDeleted,
} from "~/features/library/texts.ts";
import { readFlash } from "~/lib/flash.server.ts";
import { looksLikePdf } from "~/lib/upload-progress.ts";
import { prisma } from "~/lib/db.server.ts";
import { resetEnvCache } from "~/lib/env.server.ts";
import { readStoredChunks, storeBytes, storedExistsSync, uploadsDir } from "~/lib/storage.server.ts";
import * as adminLibrary from "~/routes/admin/library.tsx";
import * as apiBook from "~/routes/api/books.book.ts";
import * as apiDownload from "~/routes/api/books.download.ts";
import * as apiLibros from "~/routes/api/books.libros.ts";
import * as apiUpload from "~/routes/api/books.upload.ts";
import * as library from "~/routes/library.tsx";
import * as pdfRoute from "~/routes/library/pdf.ts";
import {
  args,
  createUser,
  dataOf,
  formRequest,
  getRequest,
  jsonRequest,
  multipartRequest as multipart,
  readJson,
  sessionCookie as signIn,
  thrown,
} from "../factories.ts";
import { expectErrorLog } from "../setup.ts";

async function makePdf(pages: number) {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]);
  return doc.save();
}
const TEXT = Buffer.from("esto no es un PDF, solo texto");

function bookFiles(): string[] {
  const dir = path.join(uploadsDir(), "books");
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

async function seedBook(over: { title?: string; author?: string; pages?: number; withFile?: boolean } = {}) {
  const title = over.title ?? `Libro ${crypto.randomUUID()}`;
  const author = over.author ?? "Autora Prueba";
  const pdfKey =
    over.withFile === false
      ? `books/${crypto.randomUUID()}.pdf`
      : await storeBytes("books", "pdf", await makePdf(over.pages ?? 2));
  return prisma.book.create({
    data: {
      title,
      author,
      pages: over.pages ?? 2,
      description: "Descripción de prueba",
      pdfKey,
      pdfSize: 100,
      ...bookSearchFields(title, author),
    },
  });
}

afterEach(() => {
  delete process.env.MAX_PDF_MB;
  resetEnvCache();
});

describe("library search", () => {
  it("is accent- and case-insensitive, by title or author, and paginated", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const edu = await seedBook({ title: `Educación Rural ${tag}`, author: "Gabriela Mistral" });
    await seedBook({ title: `Matemática ${tag}`, author: `Ñuñoa Pérez${tag}` });
    const student = await createUser({ rol: "estudiante" });
    const cookie = await signIn(student);

    const found = await library.loader(
      args(getRequest(`/biblioteca?q=${encodeURIComponent(`EDUCACION rural ${tag}`)}`, cookie)),
    );
    expect(found.books.map((b) => b.title)).toEqual([edu.title]);
    expect(found.books[0]).toMatchObject({
      author: "Gabriela Mistral",
      pages: 2,
      description: "Descripción de prueba",
    });

    const byAuthor = await library.loader(
      args(getRequest(`/biblioteca?q=${encodeURIComponent(`nunoa perez${tag}`)}`, cookie)),
    );
    expect(byAuthor.books.map((b) => b.title)).toEqual([`Matemática ${tag}`]);

    for (let i = 0; i < PAGE_SIZE + 1; i++) await seedBook({ title: `Serie ${tag} ${i}` });
    const first = await listBooks({ q: `serie ${tag}`, page: 1 });
    const second = await listBooks({ q: `serie ${tag}`, page: 2 });
    expect(first).toMatchObject({ total: PAGE_SIZE + 1, pageCount: 2, page: 1 });
    expect(first.books).toHaveLength(PAGE_SIZE);
    expect(second.books).toHaveLength(1);
    expect(new Set([...first.books, ...second.books].map((b) => b.id)).size).toBe(PAGE_SIZE + 1);
  });

  it("requires a signed-in user and opens the preview from ?ver=ID", async () => {
    const anonymous = await thrown(library.loader(args(getRequest("/biblioteca"))));
    expect(anonymous.headers.get("Location")).toBe("/login?redirectTo=%2Fbiblioteca");
    const book = await seedBook();
    const missing = await seedBook({ withFile: false });
    const cookie = await signIn(await createUser());
    const page = await library.loader(args(getRequest(`/biblioteca?ver=${book.id}`, cookie)));
    expect(page.preview).toMatchObject({ id: book.id, hasPdf: true, pdfUrl: `/biblioteca/${book.id}/pdf` });
    const noFile = await library.loader(args(getRequest(`/biblioteca?ver=${missing.id}`, cookie)));
    expect(noFile.preview?.hasPdf).toBe(false);
  });
});

describe("book PDF", () => {
  it("downloads named after the title (accents kept, unsafe characters removed)", async () => {
    const book = await seedBook({ title: 'Educación: "guía" 1/2?' });
    const cookie = await signIn(await createUser());
    const inline = await pdfRoute.loader(args(getRequest(`/biblioteca/${book.id}/pdf`, cookie), { libroId: book.id }));
    expect(inline.status).toBe(200);
    expect(inline.headers.get("Content-Type")).toBe("application/pdf");
    expect(inline.headers.get("Content-Disposition")).toMatch(/^inline;/);
    expect(inline.headers.get("Content-Security-Policy")).toBe("sandbox");
    const download = await pdfRoute.loader(
      args(getRequest(`/biblioteca/${book.id}/pdf?descargar=1`, cookie), { libroId: book.id }),
    );
    const disposition = download.headers.get("Content-Disposition") ?? "";
    expect(disposition).toMatch(/^attachment;/);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent("Educación guía 12.pdf")}`);
    expect(bookFilename("  ..Año <nuevo>|  ")).toBe("Año nuevo.pdf");

    const missing = await seedBook({ withFile: false });
    const gone = await pdfRoute.loader(
      args(getRequest(`/biblioteca/${missing.id}/pdf`, cookie), { libroId: missing.id }),
    );
    expect(gone.status).toBe(404);
    expect(await gone.text()).toBe(NO_PDF);

    const anonymous = await thrown(
      pdfRoute.loader(args(getRequest(`/biblioteca/${book.id}/pdf`), { libroId: book.id })),
    );
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("admin upload and delete", () => {
  it("stores a valid PDF and reads the page count when pages is empty", async () => {
    const admin = await createUser({ rol: "admin" });
    const cookie = await signIn(admin);
    const title = `Subido ${crypto.randomUUID()}`;
    const response = await adminLibrary.action(
      args(
        multipart(
          "/admin/library",
          { title, author: "Autor", pages: "", description: "Desc", pdf: { bytes: await makePdf(3), name: "x.pdf" } },
          { cookie },
        ),
      ),
    );
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(302);
    expect((response as Response).headers.get("Set-Cookie")).toContain("academia_flash");
    const book = await prisma.book.findFirstOrThrow({ where: { title } });
    expect(book.pages).toBe(3);
    expect(book.searchText).toBe(normalizeSearch(title, "Autor"));
    expect(storedExistsSync(book.pdfKey)).toBe(true);

    const page = await adminLibrary.loader(args(getRequest(`/admin/library?q=${encodeURIComponent(title)}`, cookie)));
    expect(page.books.map((b) => b.title)).toEqual([title]);

    const withPages = await adminLibrary.action(
      args(
        multipart(
          "/admin/library",
          {
            title: `${title} b`,
            author: "Autor",
            pages: "42",
            description: "Desc",
            pdf: { bytes: await makePdf(1), name: "x.pdf" },
          },
          { cookie },
        ),
      ),
    );
    expect((withPages as Response).status).toBe(302);
    expect((await prisma.book.findFirstOrThrow({ where: { title: `${title} b` } })).pages).toBe(42);
  });

  it("refuses a text file named .pdf and leaves nothing behind", async () => {
    const cookie = await signIn(await createUser({ rol: "admin" }));
    const before = bookFiles();
    const result = dataOf(
      await adminLibrary.action(
        args(
          multipart(
            "/admin/library",
            { title: "Falso", author: "A", description: "D", pdf: { bytes: TEXT, name: "falso.pdf" } },
            { cookie },
          ),
        ),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.data.result?.error?.pdf).toEqual([PDF_ONLY]);
    expect(result.data.result?.initialValue?.title).toBe("Falso");
    expect(bookFiles()).toEqual(before);
    expect(await prisma.book.count({ where: { title: "Falso" } })).toBe(0);
  });

  it("refuses an oversize PDF (configurable limit) and leaves nothing behind", async () => {
    process.env.MAX_PDF_MB = "0.01";
    resetEnvCache();
    const cookie = await signIn(await createUser({ rol: "admin" }));
    const before = bookFiles();
    const big = Buffer.concat([Buffer.from(await makePdf(1)), Buffer.alloc(20 * 1024, 32)]);
    const result = dataOf(
      await adminLibrary.action(
        args(
          multipart(
            "/admin/library",
            { title: "Grande", author: "A", description: "D", pdf: { bytes: big, name: "g.pdf" } },
            { cookie },
          ),
        ),
      ),
    );
    expect(result.status).toBe(413);
    expect(JSON.stringify(result.data.result?.error)).toContain("El PDF supera el máximo de");
    expect(bookFiles()).toEqual(before);
  });

  it("asks for the PDF when none was chosen, and drops the file when a field is missing", async () => {
    const cookie = await signIn(await createUser({ rol: "admin" }));
    const noFile = dataOf(
      await adminLibrary.action(
        args(multipart("/admin/library", { title: "Sin PDF", author: "A", description: "D", pdf: "" }, { cookie })),
      ),
    );
    expect(noFile.status).toBe(400);
    expect(noFile.data.result?.error?.pdf).toEqual([PDF_REQUIRED]);

    const before = bookFiles();
    const noTitle = dataOf(
      await adminLibrary.action(
        args(
          multipart(
            "/admin/library",
            { title: "", author: "A", description: "D", pdf: { bytes: await makePdf(1), name: "a.pdf" } },
            { cookie },
          ),
        ),
      ),
    );
    expect(noTitle.status).toBe(400);
    expect(noTitle.data.result?.error?.title?.[0]).toMatch(/título/);
    expect(bookFiles()).toEqual(before);
  });

  it("deletes a book and its file, with an audit record", async () => {
    const admin = await createUser({ rol: "admin" });
    const cookie = await signIn(admin);
    const book = await seedBook({ title: "Para borrar" });
    const response = await adminLibrary.action(
      args(formRequest("/admin/library", { intent: "delete", bookId: book.id }, { cookie })),
    );
    expect((response as Response).status).toBe(302);
    expect(await prisma.book.findUnique({ where: { id: book.id } })).toBeNull();
    expect(storedExistsSync(book.pdfKey)).toBe(false);
    expect(await prisma.auditLog.count({ where: { action: "book.delete", targetId: book.id } })).toBe(1);
    expect(bookDeleted("Para borrar")).toBe('Libro "Para borrar" eliminado correctamente.');

    const student = await signIn(await createUser({ rol: "estudiante" }));
    const other = await seedBook();
    const refused = await thrown(
      adminLibrary.action(
        args(formRequest("/admin/library", { intent: "delete", bookId: other.id }, { cookie: student })),
      ),
    );
    expect(refused.headers.get("Location")).toBe("/");
    expect(await prisma.book.count({ where: { id: other.id } })).toBe(1);
  });
});

describe("admin edit: title, author, description, pages and an optional new PDF", () => {
  const editUrl = (id: string, query = "") => `/admin/library?editar=${id}${query}`;
  async function flashOf(response: Response) {
    const { flash } = await readFlash(getRequest("/admin/library", response.headers.get("Set-Cookie") ?? ""));
    return flash;
  }

  it("?editar=ID opens the edit form with the book's values; an unknown id opens nothing", async () => {
    const cookie = await signIn(await createUser({ rol: "admin" }));
    const book = await seedBook({ title: "Para editar", pages: 7 });
    const page = await adminLibrary.loader(args(getRequest(editUrl(book.id), cookie)));
    expect(page.toEdit).toMatchObject({ id: book.id, title: "Para editar", author: "Autora Prueba", pages: 7 });
    const none = await adminLibrary.loader(args(getRequest(editUrl("no-existe"), cookie)));
    expect(none.toEdit).toBeNull();
  });

  it("saves the fields without a PDF: same file, the search words follow, audited, back to the list with a flash", async () => {
    const admin = await createUser({ rol: "admin" });
    const cookie = await signIn(admin);
    const tag = crypto.randomUUID().slice(0, 8);
    const book = await seedBook({ title: `Antiguo ${tag}`, pages: 2 });
    const response = (await adminLibrary.action(
      args(
        multipart(
          editUrl(book.id, `&q=${tag}&page=1`),
          {
            title: `Renovado ${tag}`,
            author: "Gabriela Mistral",
            description: "Nueva descripción",
            pages: "9",
            pdf: "",
          },
          { cookie },
        ),
      ),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/library?q=${tag}`);
    expect(await flashOf(response)).toEqual({ type: "success", message: BOOK_UPDATED });
    const saved = await prisma.book.findUniqueOrThrow({ where: { id: book.id } });
    expect(saved).toMatchObject({
      title: `Renovado ${tag}`,
      author: "Gabriela Mistral",
      description: "Nueva descripción",
      pages: 9,
      pdfKey: book.pdfKey,
      searchText: normalizeSearch(`Renovado ${tag}`, "Gabriela Mistral"),
    });
    expect(storedExistsSync(book.pdfKey)).toBe(true);
    // The word index follows the edit: the new title is found, the old one no longer.
    expect((await listBooks({ q: `renovado ${tag}` })).books.map((b) => b.id)).toEqual([book.id]);
    expect((await listBooks({ q: `antiguo ${tag}` })).total).toBe(0);
    expect((await listBooks({ q: `mistral ${tag}` })).books.map((b) => b.id)).toEqual([book.id]);
    const audit = await prisma.auditLog.findMany({ where: { action: "book.update", targetId: book.id } });
    expect(audit).toMatchObject([{ actorId: admin.id, targetType: "book", detail: `Renovado ${tag}` }]);
  });

  it("replaces the PDF: the new file is stored, the row points to it, then the old file is removed; empty pages are read from the new PDF", async () => {
    const cookie = await signIn(await createUser({ rol: "admin" }));
    const book = await seedBook({ title: "Con PDF nuevo", pages: 2 });
    const bytes = await makePdf(5);
    const response = (await adminLibrary.action(
      args(
        multipart(
          editUrl(book.id),
          { title: "Con PDF nuevo", author: "A", description: "D", pages: "", pdf: { bytes, name: "nuevo.pdf" } },
          { cookie },
        ),
      ),
    )) as Response;
    expect(response.status).toBe(302);
    const saved = await prisma.book.findUniqueOrThrow({ where: { id: book.id } });
    expect(saved.pdfKey).not.toBe(book.pdfKey);
    expect(saved.pages).toBe(5);
    expect(saved.pdfSize).toBe(bytes.length);
    expect(storedExistsSync(saved.pdfKey)).toBe(true);
    expect(storedExistsSync(book.pdfKey)).toBe(false);
  });

  it("empty pages without a new PDF are read from the current one", async () => {
    const cookie = await signIn(await createUser({ rol: "admin" }));
    const book = await seedBook({ title: "Páginas del actual", pages: 3 });
    await prisma.book.update({ where: { id: book.id }, data: { pages: 99 } });
    const response = (await adminLibrary.action(
      args(
        multipart(
          editUrl(book.id),
          { title: "Páginas del actual", author: "A", description: "D", pages: "" },
          { cookie },
        ),
      ),
    )) as Response;
    expect(response.status).toBe(302);
    expect((await prisma.book.findUniqueOrThrow({ where: { id: book.id } })).pages).toBe(3);
  });

  it("field errors keep the typed values and change nothing; a sent PDF is dropped and asked again", async () => {
    const cookie = await signIn(await createUser({ rol: "admin" }));
    const book = await seedBook({ title: "Sin cambios" });
    const before = bookFiles();
    const result = dataOf(
      await adminLibrary.action(
        args(
          multipart(
            editUrl(book.id),
            {
              title: "",
              author: "Autor escrito",
              description: "Texto escrito",
              pages: "4",
              pdf: { bytes: await makePdf(1), name: "a.pdf" },
            },
            { cookie },
          ),
        ),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.data.result?.error?.title?.[0]).toMatch(/título/);
    expect(result.data.result?.error?.pdf).toEqual([PDF_CHOOSE_AGAIN]);
    expect(result.data.result?.initialValue).toMatchObject({ author: "Autor escrito", description: "Texto escrito" });
    expect(bookFiles()).toEqual(before);
    expect(await prisma.book.findUniqueOrThrow({ where: { id: book.id } })).toMatchObject({
      title: "Sin cambios",
      pdfKey: book.pdfKey,
    });
  });

  it("the upload's limits: a text file named .pdf (400) and an oversize PDF (413) leave the book and its file as they were", async () => {
    const cookie = await signIn(await createUser({ rol: "admin" }));
    const book = await seedBook({ title: "Protegido" });
    const before = bookFiles();
    const fake = dataOf(
      await adminLibrary.action(
        args(
          multipart(
            editUrl(book.id),
            { title: "Otro", author: "A", description: "D", pdf: { bytes: TEXT, name: "falso.pdf" } },
            { cookie },
          ),
        ),
      ),
    );
    expect(fake.status).toBe(400);
    expect(fake.data.result?.error?.pdf).toEqual([PDF_ONLY]);
    expect(fake.data.result?.initialValue?.title).toBe("Otro");

    process.env.MAX_PDF_MB = "0.01";
    resetEnvCache();
    const big = Buffer.concat([Buffer.from(await makePdf(1)), Buffer.alloc(20 * 1024, 32)]);
    const tooBig = dataOf(
      await adminLibrary.action(
        args(
          multipart(
            editUrl(book.id),
            { title: "Otro", author: "A", description: "D", pdf: { bytes: big, name: "g.pdf" } },
            { cookie },
          ),
        ),
      ),
    );
    expect(tooBig.status).toBe(413);
    expect(JSON.stringify(tooBig.data.result?.error)).toContain("El PDF supera el máximo de");
    expect(bookFiles()).toEqual(before);
    expect(await prisma.book.findUniqueOrThrow({ where: { id: book.id } })).toMatchObject({
      title: "Protegido",
      pdfKey: book.pdfKey,
    });
  });

  it("when the row cannot be written, the new PDF is removed and the old one kept", async () => {
    const cookie = await signIn(await createUser({ rol: "admin" }));
    const book = await seedBook({ title: "Falla al guardar" });
    const before = bookFiles();
    const spy = vi.spyOn(prisma.book, "update").mockRejectedValueOnce(new Error("base de datos caída"));
    expectErrorLog();
    try {
      const result = dataOf(
        await adminLibrary.action(
          args(
            multipart(
              editUrl(book.id),
              { title: "Nuevo", author: "A", description: "D", pdf: { bytes: await makePdf(1), name: "n.pdf" } },
              { cookie },
            ),
          ),
        ),
      );
      expect(result.status).toBe(500);
      expect(result.data.result?.error?.[""]).toEqual([UPDATE_FAILED]);
    } finally {
      spy.mockRestore();
    }
    expect(bookFiles()).toEqual(before);
    expect(storedExistsSync(book.pdfKey)).toBe(true);
    expect((await prisma.book.findUniqueOrThrow({ where: { id: book.id } })).title).toBe("Falla al guardar");
  });

  it("an unknown book is a 404 that leaves no file; only admins may edit", async () => {
    const cookie = await signIn(await createUser({ rol: "admin" }));
    const before = bookFiles();
    const missing = dataOf(
      await adminLibrary.action(
        args(
          multipart(
            editUrl("no-existe"),
            { title: "T", author: "A", description: "D", pdf: { bytes: await makePdf(1), name: "n.pdf" } },
            { cookie },
          ),
        ),
      ),
    );
    expect(missing.status).toBe(404);
    expect(JSON.stringify(missing.data.result?.error)).toContain(BOOK_NOT_FOUND);
    expect(bookFiles()).toEqual(before);

    const book = await seedBook({ title: "Solo admins" });
    const student = await signIn(await createUser({ rol: "estudiante" }));
    const refused = await thrown(
      adminLibrary.action(
        args(multipart(editUrl(book.id), { title: "X", author: "A", description: "D" }, { cookie: student })),
      ),
    );
    expect(refused.headers.get("Location")).toBe("/");
    expect((await prisma.book.findUniqueOrThrow({ where: { id: book.id } })).title).toBe("Solo admins");
  });
});

describe("/api/books", () => {
  it("answers 50 books a page, newest first, with Link (keeping ?q=) and X-Total-Count", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const made = [];
    for (let i = 0; i < 53; i++) made.push(await seedBook({ title: `Serie ${tag} tomo ${i}`, withFile: false }));
    const token = await issueApiToken(await createUser());
    const get = (query: string) =>
      apiLibros.loader(args(jsonRequest(`/api/books/libros?${query}`, null, { method: "GET", token })));
    const first = await get(`q=serie%20${tag}`);
    expect(first.headers.get("X-Total-Count")).toBe("53");
    expect(first.headers.get("Link")).toBe(`</api/books/libros?q=serie+${tag}&page=2>; rel="next"`);
    const firstIds = ((await first.json()) as Array<{ id: string }>).map((b) => b.id);
    expect(firstIds).toHaveLength(50);
    const second = await get(`q=serie%20${tag}&page=2`);
    const secondIds = ((await second.json()) as Array<{ id: string }>).map((b) => b.id);
    expect(secondIds).toHaveLength(3);
    expect(new Set([...firstIds, ...secondIds])).toEqual(new Set(made.map((b) => b.id)));
  });

  it("lists books for signed-in users only, with ?q= search", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const book = await seedBook({ title: `Pedagogía ${tag}` });
    expect((await apiLibros.loader(args(jsonRequest("/api/books/libros", null, { method: "GET" })))).status).toBe(401);
    const token = await issueApiToken(await createUser());
    const response = await apiLibros.loader(
      args(jsonRequest(`/api/books/libros?q=pedagogia%20${tag}`, null, { method: "GET", token })),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      {
        id: book.id,
        title: book.title,
        author: book.author,
        pages: 2,
        description: book.description,
        pdfUrl: `/api/books/download/${book.id}`,
      },
    ]);
    expect(response.headers.get("X-Total-Count")).toBe("1");
    expect(response.headers.get("Link")).toBeNull();
    const download = await apiDownload.loader(
      args(jsonRequest(`/api/books/download/${book.id}`, null, { method: "GET", token }), { libroId: book.id }),
    );
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    expect(
      (
        await apiDownload.loader(
          args(jsonRequest(`/api/books/download/${book.id}`, null, { method: "GET" }), { libroId: book.id }),
        )
      ).status,
    ).toBe(401);
  });

  it("upload and delete: visitor 401, estudiante 403, admin OK", async () => {
    const before = bookFiles();
    const pdf = { bytes: await makePdf(2), name: "a.pdf" };
    const fields = { title: `API ${crypto.randomUUID()}`, author: "A", description: "D", pages: "", pdf };
    expect((await apiUpload.action(args(multipart("/api/books/upload", fields)))).status).toBe(401);
    const studentToken = await issueApiToken(await createUser({ rol: "estudiante" }));
    const forbidden = await apiUpload.action(args(multipart("/api/books/upload", fields, { token: studentToken })));
    expect(forbidden.status).toBe(403);
    expect(bookFiles()).toEqual(before);

    const adminToken = await issueApiToken(await createUser({ rol: "admin" }));
    const bad = await apiUpload.action(
      args(multipart("/api/books/upload", { ...fields, pdf: { bytes: TEXT, name: "a.pdf" } }, { token: adminToken })),
    );
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toEqual({ error: PDF_ONLY });
    const missing = await apiUpload.action(
      args(multipart("/api/books/upload", { ...fields, pdf: "" }, { token: adminToken })),
    );
    expect(await readJson(missing)).toEqual({ error: PDF_REQUIRED });
    expect(bookFiles()).toEqual(before);

    const created = await apiUpload.action(args(multipart("/api/books/upload", fields, { token: adminToken })));
    expect(created.status).toBe(201);
    const body = (await created.json()) as { message: string; book: { id: string; pages: number } };
    expect(body.message).toBe(BOOK_CREATED);
    expect(body.book.pages).toBe(2);
    const saved = await prisma.book.findUniqueOrThrow({ where: { id: body.book.id } });

    const del = (token?: string) =>
      apiBook.action(
        args(jsonRequest(`/api/books/${saved.id}`, null, { method: "DELETE", token }), { libroId: saved.id }),
      );
    expect((await del()).status).toBe(401);
    expect((await del(studentToken)).status).toBe(403);
    const ok = await del(adminToken);
    expect(ok.status).toBe(200);
    expect((await readJson(ok)).message).toBe(bookDeleted(saved.title));
    expect(storedExistsSync(saved.pdfKey)).toBe(false);
    expect((await del(adminToken)).status).toBe(404);
  });

  it("upload from the admin page with JavaScript: the session cookie from our own origin, never from another site", async () => {
    const before = bookFiles();
    const admin = await createUser({ rol: "admin" });
    const cookie = await signIn(admin);
    const fields = {
      title: `Cookie ${crypto.randomUUID()}`,
      author: "A",
      description: "D",
      pages: "3",
      pdf: { bytes: await makePdf(1), name: "a.pdf" },
    };
    const fromElsewhere = multipart("/api/books/upload", fields, { cookie });
    fromElsewhere.headers.set("Origin", "https://otro-sitio.example");
    const crossSite = await apiUpload.action(args(fromElsewhere));
    expect(crossSite.status).toBe(403);
    expect(await readJson(crossSite)).toEqual({ error: "Origen no permitido." });
    expect(bookFiles()).toEqual(before);
    const created = await apiUpload.action(args(multipart("/api/books/upload", fields, { cookie })));
    expect(created.status).toBe(201);
    const { book } = (await created.json()) as { book: { id: string; pages: number } };
    expect(book.pages).toBe(3);
    const student = await signIn(await createUser({ rol: "estudiante" }));
    expect((await apiUpload.action(args(multipart("/api/books/upload", fields, { cookie: student })))).status).toBe(
      403,
    );
  });
});

describe("readPageCount (a stored book's pages, by pdf.js in a bounded worker)", () => {
  it("counts object streams and a page tree without /Count, and answers null for a missing file", async () => {
    expect(await readPageCount(await storeBytes("books", "pdf", await makePdf(4)))).toBe(4); // object streams
    const noCount = await storeBytes(
      "books",
      "pdf",
      Buffer.from(
        "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n" +
          "2 0 obj\n<< /Type /Pages /Kids [3 0 R 4 0 R] >>\nendobj\n" +
          "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>\nendobj\n" +
          "4 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>\nendobj\n" +
          "trailer\n<< /Root 1 0 R >>\n%%EOF\n",
      ),
    );
    expect(await readPageCount(noCount)).toBe(2);
    expect(await readPageCount(`books/${crypto.randomUUID()}.pdf`)).toBeNull();
  });

  it("an upload of a damaged or hostile PDF gets the Spanish error, keeps the form and leaves no file", async () => {
    const cookie = await signIn(await createUser({ rol: "admin" }));
    const valid = Buffer.from(await makePdf(12));
    const bomb = zlib.deflateSync(Buffer.alloc(64 * 1024 * 1024, 32));
    const hostile: Record<string, Buffer> = {
      random: Buffer.concat([Buffer.from("%PDF-1.7\n"), crypto.randomBytes(4096)]),
      truncated: valid.subarray(0, valid.length / 2),
      nesting: Buffer.from(`%PDF-1.4\n1 0 obj\n${"<<".repeat(100_000)}\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`),
      "deflate bomb": Buffer.concat([
        Buffer.from(
          `%PDF-1.5\n1 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`,
        ),
        bomb,
        Buffer.from("\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"),
      ]),
      "count of 10^20": Buffer.from(
        "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n" +
          "2 0 obj\n<< /Type /Pages /Kids [] /Count 99999999999999999999 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
      ),
    };
    const before = bookFiles();
    for (const [name, bytes] of Object.entries(hostile)) {
      const title = `Hostil ${name}`;
      const sent = multipart(
        "/admin/library",
        { title, author: "A", pages: "", description: "D", pdf: { bytes, name: "h.pdf" } },
        { cookie },
      );
      const result = dataOf(await adminLibrary.action(args(sent)));
      expect(result.status, name).toBe(400);
      expect(result.data.result?.error?.pages, name).toEqual([PDF_UNREADABLE]);
      expect(result.data.result?.initialValue?.title, name).toBe(title);
    }
    expect(bookFiles()).toEqual(before);
  }, 120_000);

  it("a count past the worker's deadline gets the same error", async () => {
    const key = await storeBytes("books", "pdf", await makePdf(3));
    const saved = { ...COUNT_LIMITS };
    Object.assign(COUNT_LIMITS, { deadlineMs: 1 });
    try {
      expect(await readPageCount(key)).toBeNull();
    } finally {
      Object.assign(COUNT_LIMITS, saved);
    }
    expect(await readPageCount(key)).toBe(3);
  });
});

describe("readStoredChunks (what the ZIP export reads)", () => {
  it("yields the stored bytes in order through one reused buffer, and null for a missing file", async () => {
    const bytes = crypto.randomBytes(1000);
    const key = await storeBytes("books", "pdf", bytes);
    const seen: Buffer[] = [];
    const buffers = new Set<ArrayBufferLike>();
    for await (const chunk of (await readStoredChunks(key, 64))!) {
      expect(chunk.byteLength).toBeLessThanOrEqual(64);
      seen.push(Buffer.from(chunk));
      buffers.add(chunk.buffer);
    }
    expect(Buffer.concat(seen)).toEqual(bytes);
    expect(buffers.size).toBe(1);
    expect(await readStoredChunks(`books/${crypto.randomUUID()}.pdf`)).toBeNull();
  });
});

describe("looksLikePdf (the browser's check before sending or on a drop)", () => {
  it.each([
    [{ name: "libro.pdf", type: "application/pdf" }, true],
    [{ name: "LIBRO.PDF", type: "" }, true],
    [{ name: "descarga", type: "application/pdf" }, true],
    [{ name: "notas.txt", type: "text/plain" }, false],
    [{ name: "foto.png", type: "image/png" }, false],
    [{ name: "libro.pdf.exe", type: "application/octet-stream" }, false],
  ])("%o → %s", (file, expected) => {
    expect(looksLikePdf(file)).toBe(expected);
  });
});
