import { Link } from "react-router";

/** A tarea as the course page lists it: its due date sent formatted in Chile's time. */
type CourseTareaItem = {
  id: string;
  titulo: string;
  modulo: string | null;
  fecha: string | null;
  url: string;
  /** A learner's: 'Asignada', 'Entregada', 'Atrasada' or 'Devuelta'; null for the team. */
  estado: string | null;
};
export type CourseTareasData = { tareas: CourseTareaItem[]; manageHref: string | null };

/**
 * The course page's tareas (docs/product.md#setting-a-tarea), at its top: those for the viewer's
 * classes (all of them for the team), by due date, each with its module and a link to its page.
 */
export function CourseTareas({ data }: { data: CourseTareasData }) {
  if (data.tareas.length === 0 && !data.manageHref) return null;
  return (
    <section aria-labelledby="tareas" className="mb-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="tareas" className="text-2xl font-bold text-slate-900">
          Tareas
        </h2>
        {data.manageHref ? (
          <Link to={data.manageHref} className="inline-block py-1 text-sm font-medium text-brand-700 hover:underline">
            Poner y editar tareas
          </Link>
        ) : null}
      </div>
      {data.tareas.length === 0 ? (
        <p className="mt-3 text-slate-600">Este curso aún no tiene tareas.</p>
      ) : (
        <ul className="card mt-4 divide-y divide-slate-200 px-4">
          {data.tareas.map((t) => (
            <li key={t.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
              <Link to={t.url} className="font-medium text-brand-700 hover:underline">
                {t.titulo}
                <span className="block text-sm font-normal text-slate-600">{t.modulo ?? "General del curso"}</span>
              </Link>
              <span className="text-sm text-slate-700">
                {t.fecha ? `Fecha límite: ${t.fecha}` : "Sin fecha límite"}
                {t.estado ? <span className="ml-2 font-medium text-slate-900">· {t.estado}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
