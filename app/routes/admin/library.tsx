import { Link } from "react-router";
import { ActionsCell, AdminTable } from "~/components/ui/admin-table.tsx";
import { ConfirmDeleteDialog } from "~/components/ui/confirm-delete-dialog.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { SearchForm } from "~/components/ui/search-form.tsx";
import { requireAdmin } from "~/features/accounts/guards.server.ts";
import { adminLibraryAction } from "~/features/library/admin.server.ts";
import { getBook, toBookView } from "~/features/library/book-rows.server.ts";
import { listBooks } from "~/features/library/book-search.server.ts";
import { newestBookId } from "~/features/library/books.server.ts";
import { EditBookDialog } from "~/features/library/components/edit-form.tsx";
import { UploadBookForm } from "~/features/library/components/upload-form.tsx";
import { LOAD_FAILED } from "~/features/library/texts.ts";
import { env } from "~/lib/env.server.ts";
import { listQuery, pageFrom } from "~/lib/pagination.ts";
import { megabytes } from "~/lib/upload.server.ts";
import type { Route } from "./+types/library";
import { log } from "~/lib/log.server.ts";

// /admin/library (docs/product.md#library): upload form, searchable table, edit and delete dialogs by URL.
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const url = new URL(args.request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const deleteId = url.searchParams.get("eliminar");
  const editId = url.searchParams.get("editar");
  const maxMb = megabytes(Math.floor(env().MAX_PDF_MB * 1024 * 1024));
  try {
    const [list, toDelete, toEdit, newest] = await Promise.all([
      listBooks({ q, page: pageFrom(url) }),
      deleteId ? getBook(deleteId.slice(0, 64)) : null,
      editId ? getBook(editId.slice(0, 64)) : null,
      newestBookId(),
    ]);
    const view = (book: typeof toDelete) => (book ? toBookView(book) : null);
    return { ...list, toDelete: view(toDelete), toEdit: view(toEdit), formKey: newest ?? "vacio", maxMb, error: null };
  } catch (error) {
    log.error({ err: error }, "No se pudo cargar la biblioteca");
    const empty = { books: [], total: 0, page: 1, pageCount: 1, q, toDelete: null, toEdit: null };
    return { ...empty, formKey: "error", maxMb, error: LOAD_FAILED };
  }
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  return adminLibraryAction(args.request, admin);
}

const COLUMNS = [
  { label: "Título" },
  { label: "Autor" },
  { label: "Páginas" },
  { label: "Descripción" },
  { label: "Acciones", align: "right" },
] as const;

export default function AdminLibrary({ loaderData, actionData }: Route.ComponentProps) {
  const { books, total, page, pageCount, q, toDelete, toEdit, formKey, maxMb, error } = loaderData;
  const params = (extra: Record<string, string>) => listQuery({ q, page }, extra);
  const closeHref = `/admin/library${params({})}`;
  // Each form shows only its own refusal.
  const uploadReply = actionData?.form === "edit" ? undefined : actionData;
  const editReply = actionData?.form === "edit" ? actionData : undefined;

  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">Biblioteca</h1>
      {/* The upload form comes first: on a phone it is not below the whole list. */}
      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] xl:items-start">
        <UploadBookForm formKey={formKey} actionData={uploadReply} maxMb={maxMb} />
        <div>
          <SearchForm id="buscar-libro-admin" label="Buscar por título o autor" q={q} clearHref="/admin/library" />
          {error ? (
            <div role="alert" className="alert-error mt-4">
              {error}
            </div>
          ) : null}
          <p className="mt-3 text-sm text-slate-600">
            {total} {total === 1 ? "libro" : "libros"}
          </p>
          <AdminTable
            columns={COLUMNS}
            caption="Libros de la biblioteca"
            minWidth="min-w-[640px]"
            className="card mt-2 overflow-x-auto"
            empty={books.length === 0 ? (q ? `No se encontraron libros para "${q}".` : "No hay libros.") : null}
          >
            {books.map((book) => (
              <tr key={book.id}>
                <td className="px-3 py-3 font-medium text-slate-900">{book.title}</td>
                <td data-label="Autor" className="px-3 py-3">
                  {book.author}
                </td>
                <td data-label="Páginas" className="px-3 py-3">
                  {book.pages}
                </td>
                <td data-label="Descripción" className="max-w-xs px-3 py-3 text-slate-600">
                  <span className="line-clamp-2">{book.description}</span>
                </td>
                <ActionsCell wrap>
                  <a href={book.pdfUrl} target="_blank" rel="noreferrer" className="btn-ghost px-2 py-1">
                    Ver PDF
                  </a>
                  <Link
                    to={params({ editar: book.id })}
                    preventScrollReset
                    aria-label={`Editar ${book.title}`}
                    className="btn-secondary px-3 py-1"
                  >
                    Editar
                  </Link>
                  <Link to={params({ eliminar: book.id })} preventScrollReset className="btn-danger px-3 py-1">
                    Eliminar
                  </Link>
                </ActionsCell>
              </tr>
            ))}
          </AdminTable>
          <Pagination page={page} pageCount={pageCount} />
        </div>
      </div>

      {toEdit ? (
        <EditBookDialog
          key={toEdit.id}
          book={toEdit}
          action={`/admin/library${params({ editar: toEdit.id })}`}
          closeHref={closeHref}
          actionData={editReply}
          maxMb={maxMb}
        />
      ) : null}

      {toDelete ? (
        <ConfirmDeleteDialog title="¿Eliminar libro?" closeHref={closeHref} idName="bookId" idValue={toDelete.id}>
          <p className="text-sm text-slate-700">
            Se eliminará el libro <strong>{toDelete.title}</strong> de {toDelete.author} y su archivo PDF. Esta acción
            no se puede deshacer.
          </p>
        </ConfirmDeleteDialog>
      ) : null}
    </section>
  );
}
