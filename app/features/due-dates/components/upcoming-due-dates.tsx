// 'Próximas fechas' in the learner's panel (docs/product.md#due-dates); dates come formatted from the server.
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import type { DueItem } from "../due-dates.server.ts";

type UpcomingItem = Pick<
  DueItem,
  "moduloId" | "tareaId" | "curso" | "modulo" | "fechaTexto" | "aprobado" | "atrasado" | "href"
>;

export function UpcomingDueDates({
  items,
  headingLevel = 2,
}: {
  items: readonly UpcomingItem[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="proximas-fechas" className="card mt-8 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading id="proximas-fechas" className="text-xl font-semibold text-slate-900">
          Próximas fechas
        </Heading>
        <Link to="/user/calendario" className="text-sm font-medium text-brand-700 hover:underline">
          Suscribirme al calendario
        </Link>
      </div>
      {items.length === 0 ? (
        <p className="mt-3 text-slate-700">No tienes fechas límite en los próximos 14 días.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {items.map((i) => (
            <li
              key={i.tareaId ?? i.moduloId}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
            >
              <Link to={i.href} className="font-medium text-brand-700 hover:underline">
                {i.tareaId ? `Tarea: ${i.modulo}` : i.modulo}
                <span className="block text-sm font-normal text-slate-600">{i.curso}</span>
              </Link>
              <span className="text-sm text-slate-700">
                {i.fechaTexto}
                {i.aprobado || i.atrasado ? (
                  <Badge tone={i.aprobado ? "green" : "red"} className="ml-2">
                    {i.aprobado ? "Aprobado" : "Atrasado"}
                  </Badge>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
