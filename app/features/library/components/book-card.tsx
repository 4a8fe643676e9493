import { Link } from "react-router";
import type { BookView } from "~/features/library/book-rows.server.ts";

/** A library card: title, author, page count, description, 'Vista Previa' and 'Descargar PDF'. */
export function BookCard({ book, previewHref }: { book: BookView; previewHref: string }) {
  return (
    <article className="card flex flex-col p-5" aria-labelledby={`libro-${book.id}`}>
      <h2 id={`libro-${book.id}`} className="text-lg font-semibold text-slate-900">
        {book.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{book.author}</p>
      <p className="mt-1 text-xs text-slate-500">
        {book.pages} {book.pages === 1 ? "página" : "páginas"}
      </p>
      <p className="mt-3 line-clamp-4 flex-1 text-sm text-slate-700">{book.description}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={previewHref} preventScrollReset className="btn-secondary">
          Vista Previa
        </Link>
        <a href={book.downloadUrl} download className="btn-primary">
          Descargar PDF
        </a>
      </div>
    </article>
  );
}
