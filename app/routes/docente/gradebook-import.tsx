// …/calificaciones/importar: 'Importar notas' of a manual column from a CSV (decision 047), for the
// course's team and admins. Upload → 'Revisar notas' shows every row as it would be treated
// (nothing written) → 'Guardar notas' sends the very text again in a hidden field, which the
// server reads, checks again and writes in one transaction. Plain POST round trips.
import { data, Form, Link, useNavigation } from "react-router";
import { AdminTable } from "~/components/ui/admin-table.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { requireCourseManager } from "~/features/courses/team.server.ts";
import { BelowCoursesErrorBoundary } from "~/features/courses/components/back-to-courses.tsx";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { formatNota } from "~/features/quizzes/nota.ts";
import { listColumns } from "~/features/reports/grade-columns.server.ts";
import {
  confirmGradeImport,
  previewGradeImport,
  type GradeImportPreview,
  type ImportRow,
} from "~/features/reports/grade-import.server.ts";
import { readGradeImportRequest } from "~/features/reports/grade-import-schema.ts";
import { GRADEBOOK_FAILED, importDone } from "~/features/reports/texts.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import type { Route } from "./+types/gradebook-import";

type ActionData = { error: string | null; preview: GradeImportPreview | null; text: string; columnaId: string };

export const meta: Route.MetaFunction = () => [{ title: "Importar notas" }];

export async function loader(args: Route.LoaderArgs) {
  await requireCourseManager(args, args.params.cursoId);
  const columnas = await listColumns(args.params.cursoId);
  invariantResponse(columnas, COURSE_NOT_FOUND, { status: 404 });
  const columna = new URL(args.request.url).searchParams.get("columna");
  // A tarea's column is written by returning its hand-ins, not imported (docs/decisions/048-tareas.md).
  const manual = columnas.filter((c) => c.tipo === "manual");
  return { columnas: manual.map((c) => ({ id: c.id, nombre: c.nombre })), columna };
}

export async function action(args: Route.ActionArgs) {
  const cursoId = args.params.cursoId;
  const user = await requireCourseManager(args, cursoId);
  const read = await readGradeImportRequest(args.request);
  if (!read.ok) {
    return data<ActionData>({ error: read.message, preview: null, text: "", columnaId: "" }, { status: read.status });
  }
  const { text, columnaId, confirmar, huella } = read;
  const refuse = (outcome: { message: string; status: number }, preview: GradeImportPreview | null = null) =>
    data<ActionData>({ error: outcome.message, preview, text, columnaId }, { status: outcome.status });
  if (!confirmar) {
    const previewed = await previewGradeImport(cursoId, columnaId, text);
    if (!previewed.ok) return refuse(previewed);
    return data<ActionData>({ error: null, preview: previewed.preview, text, columnaId });
  }
  const done = await confirmGradeImport(user, cursoId, columnaId, text, huella, args.request);
  if (!done.ok) return refuse(done, "preview" in done ? (done.preview ?? null) : null);
  return redirectWithFlash(args.request, `/docente/cursos/${cursoId}/calificaciones`, {
    type: "success",
    message: importDone(done.escritas),
  });
}

const STATE: Record<Exclude<ImportRow["estado"], "error">, { tone: "green" | "amber" | "slate"; text: string }> = {
  escribir: { tone: "green", text: "Se guardará" },
  igual: { tone: "slate", text: "Ya tiene esa nota" },
  "sin-nota": { tone: "slate", text: "Sin nota: se deja como está" },
  fuera: { tone: "amber", text: "No es participante del curso: no se escribe" },
};

const COLUMNS = [
  { label: "Línea" },
  { label: "Correo, usuario o RUT" },
  { label: "Participante" },
  { label: "Nota" },
  { label: "Resultado" },
] as const;

const nota = (value: number | null) => (value === null ? "" : formatNota(value));

export default function GradebookImport({ loaderData, actionData, params }: Route.ComponentProps) {
  const { columnas, columna } = loaderData;
  const busy = useNavigation().state === "submitting";
  const preview = actionData?.preview ?? null;
  const r = preview?.resumen;
  const back = `/docente/cursos/${params.cursoId}/calificaciones`;
  return (
    <section>
      <p>
        <Link to={back} className="text-sm font-medium text-brand-700 hover:underline">
          ← Volver a las calificaciones
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Importar notas</h1>
      {columnas.length === 0 ? (
        <p className="card mt-6 p-6 text-slate-600">
          Primero agrega una columna de notas en las calificaciones; luego importa sus notas.
        </p>
      ) : (
        <>
          <p className="mt-2 max-w-3xl text-sm text-slate-600">
            Sube un CSV (por ejemplo, el de «Descargar CSV» con las notas completadas) con una fila de encabezados: la
            columna «Correo» (o «Usuario» o «RUT»), la columna «Nota» (o «nombre de la columna - Nota») y, si quieres,
            «Comentario». Notas de 1,0 a 7,0 con coma o punto. Primero verás qué pasará con cada fila; nada se guarda
            hasta que confirmes. Una nota vacía no borra la que hay.
          </p>
          <Form method="post" encType="multipart/form-data" className="card mt-6 max-w-3xl space-y-4 p-6">
            {actionData?.error ? (
              <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
                {actionData.error}
              </p>
            ) : null}
            <div>
              <label htmlFor="columnaId" className="label">
                Columna
              </label>
              <select
                id="columnaId"
                name="columnaId"
                className="input"
                defaultValue={actionData?.columnaId || columna || columnas[0]!.id}
              >
                {columnas.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.nombre}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="archivo" className="label">
                Archivo CSV
              </label>
              <input id="archivo" name="archivo" type="file" accept=".csv,text/csv,text/plain" className="input" />
            </div>
            <button type="submit" name="confirmar" value="false" className="btn-primary" disabled={busy}>
              Revisar notas
            </button>
          </Form>
        </>
      )}
      {preview && r ? (
        <section aria-labelledby="vista-previa" className="mt-8">
          <h2 id="vista-previa" className="text-xl font-semibold text-slate-900">
            Vista previa: {preview.columna.nombre}
          </h2>
          <p className="mt-1 text-sm text-slate-700" role="status">
            {`Se guardarán ${r.escribir}; sin cambios ${r.igual}; sin nota ${r.sinNota}; ` +
              `fuera del curso ${r.fuera}; con error ${r.errores}.`}
            {r.errores > 0 ? " Corrige el archivo y revísalo de nuevo: nada se guardó." : ""}
          </p>
          {r.errores === 0 && r.escribir > 0 ? (
            <Form method="post" encType="multipart/form-data" className="mt-4">
              <input type="hidden" name="lista" value={actionData!.text} />
              <input type="hidden" name="columnaId" value={preview.columna.id} />
              <input type="hidden" name="huella" value={preview.huella} />
              <button type="submit" name="confirmar" value="true" className="btn-primary" disabled={busy}>
                Guardar {r.escribir === 1 ? "1 nota" : `${r.escribir} notas`} en {preview.columna.nombre}
              </button>
            </Form>
          ) : null}
          <AdminTable columns={COLUMNS} minWidth="min-w-[640px]" className="card mt-4 overflow-x-auto" caption="Filas">
            {preview.filas.map((f) => (
              <tr key={f.linea} className={f.estado === "error" ? "bg-red-50" : ""}>
                <td data-label="Línea" className="px-3 py-2">
                  {f.linea}
                </td>
                <td data-label="Correo, usuario o RUT" className="px-3 py-2 break-all">
                  {f.identificador}
                </td>
                <td data-label="Participante" className="px-3 py-2">
                  {f.nombre ?? ""}
                </td>
                <td data-label="Nota" className="px-3 py-2 tabular-nums">
                  {f.notaActual !== null && f.estado === "escribir"
                    ? `${nota(f.notaActual)} → ${nota(f.nota)}`
                    : nota(f.nota)}
                </td>
                <td data-label="Resultado" className="px-3 py-2">
                  {f.estado === "error" ? (
                    <span className="text-red-800">
                      error: {f.motivo} (línea {f.linea})
                    </span>
                  ) : (
                    <Badge tone={STATE[f.estado].tone}>{STATE[f.estado].text}</Badge>
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
        </section>
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BelowCoursesErrorBoundary error={error} failed={GRADEBOOK_FAILED} />;
}
