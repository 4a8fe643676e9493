import { Form, useNavigation } from "react-router";
import { Pagination } from "~/components/ui/pagination.tsx";
import { UrlDialog } from "~/components/ui/url-dialog.tsx";
import { requireUser } from "~/features/auth/guards.server.ts";
import { getBookForPreview, listBooks } from "~/features/library/books.server.ts";
import { BookCard } from "~/features/library/components/book-card.tsx";
import { LOAD_FAILED, NO_PDF } from "~/features/library/messages.ts";
import { pageTitle } from "~/lib/meta.ts";
import { pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/library";

// /biblioteca (SPEC §2 "Library page"): signed-in users search, preview and download books.
// The preview is a URL-addressed dialog (?ver=ID), so it works without JavaScript.
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Biblioteca");

export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  const url = new URL(args.request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const verId = url.searchParams.get("ver");
  try {
    const [list, preview] = await Promise.all([listBooks({ q, page: pageFrom(url) }), verId ? getBookForPreview(verId) : null]);
    return { ...list, preview, error: null as string | null };
  } catch (error) {
    console.error(error);
    return { books: [], total: 0, page: 1, pageCount: 1, q, preview: null, error: LOAD_FAILED };
  }
}

export default function Library({ loaderData }: Route.ComponentProps) {
  const { books, total, page, pageCount, q, preview, error } = loaderData;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/biblioteca";
  const keep = (extra: Record<string, string>) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (page > 1) params.set("page", String(page));
    for (const [k, v] of Object.entries(extra)) params.set(k, v);
    const s = params.toString();
    return s ? `?${s}` : "/biblioteca";
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Biblioteca</h1>
      <Form method="get" role="search" className="mt-6 flex flex-wrap gap-2">
        <label htmlFor="buscar-libro" className="sr-only">
          Buscar por título o autor
        </label>
        <input id="buscar-libro" type="search" name="q" defaultValue={q} key={q} placeholder="Buscar por título o autor" className="input max-w-md flex-1" />
        <button type="submit" className="btn-primary" disabled={searching}>
          Buscar
        </button>
      </Form>

      {error ? (
        <div role="alert" className="alert-error mt-6">
          {error}
        </div>
      ) : books.length === 0 ? (
        <p className="card mt-6 p-6 text-slate-600">{q ? `No se encontraron libros para "${q}".` : "No hay libros disponibles."}</p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-600">
            {total} {total === 1 ? "libro" : "libros"}
          </p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {books.map((book) => (
              <BookCard key={book.id} book={book} previewHref={keep({ ver: book.id })} />
            ))}
          </div>
          <Pagination page={page} pageCount={pageCount} />
        </>
      )}

      {preview ? (
        <UrlDialog title={preview.title} closeHref={keep({})} labelledBy="vista-previa-titulo" size="wide">
          {preview.hasPdf ? (
            <>
              <iframe src={preview.pdfUrl} title={`Vista previa de ${preview.title}`} className="h-[70vh] w-full rounded border border-slate-200" />
              <div className="mt-3 flex justify-end">
                <a href={preview.downloadUrl} download className="btn-primary">
                  Descargar PDF
                </a>
              </div>
            </>
          ) : (
            <p role="alert" className="alert-error">
              {NO_PDF}
            </p>
          )}
        </UrlDialog>
      ) : null}
    </div>
  );
}
