import { countPhrase, SEARCH_NARROW_HINT } from "~/lib/search-count.ts";
import { useNavigation } from "react-router";
import { Pagination } from "~/components/ui/pagination.tsx";
import { SearchForm } from "~/components/ui/search-form.tsx";
import { UrlDialog } from "~/components/ui/url-dialog.tsx";
import { requireUser } from "~/features/accounts/guards.server.ts";
import { listBooks } from "~/features/library/book-search.server.ts";
import { getBookForPreview } from "~/features/library/books.server.ts";
import { BookCard } from "~/features/library/components/book-card.tsx";
import { BookPreview } from "~/features/library/components/book-preview.tsx";
import { LOAD_FAILED } from "~/features/library/texts.ts";
import { pageTitle } from "~/lib/meta.ts";
import { listQuery, pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/library";
import { log } from "~/lib/log.server.ts";

// /biblioteca (docs/product.md#library): signed-in users search, preview and download books.
// The preview is a URL-addressed dialog (?ver=ID), so it works without JavaScript.
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Biblioteca");

export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  const url = new URL(args.request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const verId = url.searchParams.get("ver");
  try {
    const [list, preview] = await Promise.all([
      listBooks({ q, page: pageFrom(url) }),
      verId ? getBookForPreview(verId) : null,
    ]);
    return { ...list, preview, error: null as string | null };
  } catch (error) {
    log.error({ err: error }, "No se pudo cargar la biblioteca");
    return { books: [], total: 0, totalExact: true, page: 1, pageCount: 1, q, preview: null, error: LOAD_FAILED };
  }
}

export default function Library({ loaderData }: Route.ComponentProps) {
  const { books, total, totalExact, page, pageCount, q, preview, error } = loaderData;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/biblioteca";
  const keep = (extra: Record<string, string>) => listQuery({ q, page }, extra) || "/biblioteca";

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Biblioteca</h1>
      <SearchForm
        id="buscar-libro"
        label="Buscar por título o autor"
        q={q}
        clearHref="/biblioteca"
        busy={searching}
        className="mt-6"
      />

      {error ? (
        <div role="alert" className="alert-error mt-6">
          {error}
        </div>
      ) : books.length === 0 ? (
        <p className="card mt-6 p-6 text-slate-600">
          {q ? `No se encontraron libros para "${q}".` : "No hay libros disponibles."}
        </p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-600">
            {countPhrase(total, totalExact, "libro", "libros")}
            {totalExact ? "" : `. ${SEARCH_NARROW_HINT}`}
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
          <BookPreview preview={preview} />
        </UrlDialog>
      ) : null}
    </div>
  );
}
