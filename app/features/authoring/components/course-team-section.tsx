// 'Equipo docente' in the course editor (docs/product.md#course-teams): the course's teachers (each
// with 'Quitar' for admins), and the form that adds a docente by e-mail (the team's teachers too),
// which comes back with what was typed and the reason when the account cannot join.
import { Form } from "react-router";
import { usePendingIntent } from "~/components/ui/use-pending-intent.ts";
import type { Team } from "~/features/courses/team-schema.ts";
import { formatDate } from "~/lib/dates.ts";
import type { EditorActionData } from "../editor-types.ts";
import { formState, SmallField } from "./module-parts.tsx";

export function CourseTeamSection({
  team,
  canRemove,
  actionData,
}: {
  team: Team;
  canRemove: boolean;
  actionData?: EditorActionData;
}) {
  const state = formState(actionData, "equipo");
  const pending = usePendingIntent();
  return (
    <section aria-labelledby="equipo-docente" className="card mt-6 p-4 sm:p-6">
      <h2 id="equipo-docente" className="scroll-mt-20 text-lg font-semibold text-slate-900">
        Equipo docente
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Cada profesor/a edita este curso y ve sus participantes, clases, reportes y calificaciones desde su panel. Los
        administradores son parte de todos los equipos.
        {canRemove
          ? ""
          : " Puedes agregar a otra u otro docente de la academia; solo un administrador puede quitar a alguien."}
      </p>
      {team.profesores.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Este curso aún no tiene profesores/as.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {team.profesores.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {`${p.nombre} ${p.apellido}`.trim()} <span className="text-slate-600">· Profesor/a</span>
                </p>
                <p className="break-words text-slate-600">
                  {p.correo} · agregado/a el {formatDate(p.agregadoEn)}
                  {p.agregadoPor ? ` por ${p.agregadoPor}` : ""}
                </p>
              </div>
              {canRemove ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="userId" value={p.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="team-remove"
                    className="btn-ghost px-2 py-1 text-sm text-red-700"
                    disabled={pending({ intent: "team-remove", userId: p.id }, { untilLoaded: true })}
                    aria-label={`Quitar a ${`${p.nombre} ${p.apellido}`.trim()} del equipo docente`}
                  >
                    Quitar
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Form method="post" preventScrollReset className="mt-4 space-y-2" key={state ? state.values.correo : "vacio"}>
        <SmallField
          formId="equipo"
          state={state}
          name="correo"
          label="Correo de la o el docente"
          type="email"
          autoComplete="off"
          maxLength={254}
          required
        />
        <button
          type="submit"
          name="intent"
          value="team-add"
          className="btn-secondary"
          disabled={pending({ intent: "team-add" }, { untilLoaded: true })}
        >
          Agregar profesor/a
        </button>
      </Form>
    </section>
  );
}
