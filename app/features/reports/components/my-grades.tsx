// 'Mis notas' on a course's page (docs/decisions/044-manual-grade-columns.md): the signed-in
// learner's own notas, each module's and each manual column's with its comment, and the final one.
import { formatNota } from "~/features/quizzes/nota.ts";

type MyGradesData = {
  modulos: Array<{ titulo: string; nota: number | null }>;
  columnas: Array<{ nombre: string; nota: number | null; comentario: string }>;
  nota: number | null;
};

const shown = (n: number | null) => (n === null ? "Sin nota" : formatNota(n));

export function MyGrades({ data }: { data: MyGradesData }) {
  const rows = [
    ...data.modulos.map((m) => ({ name: m.titulo, nota: m.nota, comentario: "" })),
    ...data.columnas.map((c) => ({ name: c.nombre, nota: c.nota, comentario: c.comentario })),
  ];
  return (
    <section aria-labelledby="mis-notas" className="card mt-6 p-4 sm:p-6">
      <h2 id="mis-notas" className="text-lg font-semibold text-slate-900">
        Mis notas
      </h2>
      <dl className="mt-3 divide-y divide-slate-200 text-sm">
        {rows.map((r) => (
          <div key={r.name} className="flex flex-wrap justify-between gap-x-4 py-2">
            <dt className="min-w-0 break-words text-slate-700">{r.name}</dt>
            <dd className="font-semibold tabular-nums text-slate-900">{shown(r.nota)}</dd>
            {r.comentario ? <dd className="w-full text-slate-600">{r.comentario}</dd> : null}
          </div>
        ))}
        <div className="flex flex-wrap justify-between gap-x-4 py-2">
          <dt className="font-semibold text-slate-900">Nota final</dt>
          <dd className="font-semibold tabular-nums text-slate-900">{shown(data.nota)}</dd>
        </div>
      </dl>
    </section>
  );
}
