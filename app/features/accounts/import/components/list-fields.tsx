// The fields every list import asks for (docs/product.md#importar-usuarios): the list or its file, and the
// school's consent for the under-14s; each page adds its own fields around them.
import { LIST_FILE_FIELD } from "../texts.ts";

type Sent = { error?: string | null; text?: string; autorizacionColegio?: boolean } | null | undefined;

/** The list's error, the box and the file input. */
export function ListFields({ sent, placeholder }: { sent: Sent; placeholder: string }) {
  return (
    <>
      {sent?.error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {sent.error}
        </p>
      ) : null}
      <div>
        <label htmlFor="lista" className="label">
          Lista
        </label>
        <textarea
          id="lista"
          name="lista"
          rows={8}
          // A new answer (the preview of a file) fills the box with what was read.
          key={sent?.text ?? ""}
          defaultValue={sent?.text ?? ""}
          className="input font-mono text-sm"
          placeholder={placeholder}
          spellCheck={false}
        />
      </div>
      <div>
        <label htmlFor="archivo" className="label">
          O sube un archivo CSV o Excel (.xlsx)
        </label>
        <input
          id="archivo"
          name={LIST_FILE_FIELD}
          type="file"
          accept=".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="input"
        />
        <p className="mt-1 text-xs text-slate-500">Si eliges un archivo, se usa en lugar del cuadro.</p>
      </div>
    </>
  );
}

/** 'El colegio reunió la autorización…' (Ley 21.719), kept as sent. */
export function SchoolConsentField({ sent }: { sent: Sent }) {
  return (
    <label className="flex items-start gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        name="autorizacionColegio"
        value="true"
        defaultChecked={sent?.autorizacionColegio ?? false}
        key={String(sent?.autorizacionColegio)}
        className="mt-1 size-5"
      />
      <span>
        El colegio reunió la autorización de la madre, padre o tutor de quienes tienen menos de 14 años (Ley 21.719).
      </span>
    </label>
  );
}
