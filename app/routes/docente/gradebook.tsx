import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData } from "react-router";
import { AdminTable } from "~/components/ui/admin-table.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Email } from "~/components/ui/email.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { requireCourseManager } from "~/features/courses/team.server.ts";
import { BackToCourses, BelowCoursesErrorBoundary } from "~/features/courses/components/back-to-courses.tsx";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { formatCount } from "~/features/reports/components/charts.tsx";
import { CourseReportNav } from "~/features/reports/components/course-report-nav.tsx";
import { formatNota } from "~/features/quizzes/nota.ts";
import { GRADEBOOK_FAILED, NO_QUIZZES, NOTA_FINAL_RULE, notaScale, weightedRule } from "~/features/reports/texts.ts";
import { claseFrom, getGradebook } from "~/features/reports/reports.server.ts";
import { CLASS_NOT_FOUND } from "~/features/classes/texts.ts";
import {
  ColumnCard,
  NewColumnForm,
  WeightsForm,
  type ColumnsReply,
} from "~/features/reports/components/grade-columns.tsx";
import {
  createColumn,
  deleteColumn,
  renameColumn,
  setGradebookWeight,
  writeGrades,
  type GradeWrite,
} from "~/features/reports/grade-columns.server.ts";
import {
  GradebookWeightSchema,
  GradeColumnNameSchema,
  ManualGradeRowSchema,
  notaTenthsFrom,
} from "~/features/reports/grade-columns-schema.ts";
import { NOTA_INVALID } from "~/features/reports/texts.ts";
import { formReply, type Result } from "~/lib/failure.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import type { Gradebook } from "~/features/reports/schema.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { formatPercent } from "~/lib/percent.ts";
import { pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/gradebook";

// A course's gradebook (docs/product.md#calificaciones): participants × quiz modules with the Nota
// of the course's exigencia, a page at a time, the same as GET
// /api/admin/cursos/{cursoId}/calificaciones; the whole of it as CSV.
export async function loader(args: Route.LoaderArgs) {
  await requireCourseManager(args, args.params.cursoId);
  const clase = claseFrom(args.request.url);
  const gradebook = await getGradebook(args.params.cursoId, { page: pageFrom(args.request.url), clase });
  invariantResponse(gradebook, clase ? CLASS_NOT_FOUND : COURSE_NOT_FOUND, { status: 404 });
  return { gradebook };
}

/**
 * The manual columns' forms (decision 044): add, rename or delete a column, and one column's notas
 * for the participants of the page. The service checks the column is the course's and each
 * participant is enrolled.
 */
export async function action(args: Route.ActionArgs) {
  const cursoId = args.params.cursoId;
  const user = await requireCourseManager(args, cursoId);
  const form = await readForm(args.request);
  // Back to the same page of the gradebook (built from the route, not the request's URL: with
  // JavaScript that is the .data request).
  const kept = new URLSearchParams();
  for (const name of ["clase", "page"]) {
    const value = new URL(args.request.url).searchParams.get(name);
    if (value) kept.set(name, value);
  }
  const here = `/docente/cursos/${cursoId}/calificaciones${kept.size ? `?${kept}` : ""}`;
  const columnaId = String(form.get("columnaId") ?? "");
  const done = (outcome: Result, message: string) =>
    redirectWithFlash(
      args.request,
      here,
      outcome.ok ? { type: "success", message } : { type: "error", message: outcome.message },
    );
  const intent = form.get("intent");
  if (intent === "create-column" || intent === "rename-column") {
    const target = intent === "create-column" ? "columna-nueva" : `nombre-${columnaId}`;
    const submission = parseWithZod(form, { schema: GradeColumnNameSchema });
    const refuse = (result: ColumnsReply, status: number) => data({ columns: result }, { status });
    if (submission.status !== "success") return refuse({ target, result: submission.reply() }, 400);
    const { nombre } = submission.value;
    const outcome =
      intent === "create-column"
        ? await createColumn(user, cursoId, nombre, args.request)
        : await renameColumn(user, cursoId, columnaId, nombre, args.request);
    if (!outcome.ok && outcome.status !== 404) {
      return refuse({ target, result: formReply(submission, outcome) }, outcome.status);
    }
    return done(outcome, intent === "create-column" ? `Columna ${nombre} agregada.` : "Nombre de la columna guardado.");
  }
  if (intent === "weights") {
    const submission = parseWithZod(form, { schema: GradebookWeightSchema });
    if (submission.status !== "success") {
      return data(
        { columns: { target: "ponderacion", result: submission.reply() } satisfies ColumnsReply },
        { status: 400 },
      );
    }
    const value = submission.value.evaluaciones ?? null;
    return done(
      await setGradebookWeight(user, cursoId, value, args.request),
      value === null ? "La nota final es el promedio simple de todas las notas." : "Ponderación guardada.",
    );
  }
  if (intent === "delete-column") {
    return done(await deleteColumn(user, cursoId, columnaId, args.request), "Columna eliminada, con sus notas.");
  }
  if (intent === "grades") {
    const values: Record<string, string> = {};
    const rows: Record<string, string> = {};
    const writes: GradeWrite[] = [];
    for (const userId of form.getAll("userId").map(String)) {
      const nota = String(form.get(`nota-${userId}`) ?? "");
      const comentario = String(form.get(`comentario-${userId}`) ?? "");
      Object.assign(values, { [`nota-${userId}`]: nota, [`comentario-${userId}`]: comentario });
      const row = ManualGradeRowSchema.safeParse({ nota, comentario });
      const tenths = row.success && row.data.nota !== "" ? notaTenthsFrom(row.data.nota) : null;
      if (!row.success) rows[userId] = row.error.issues[0]!.message;
      else if (row.data.nota !== "" && tenths === null) rows[userId] = NOTA_INVALID;
      else writes.push({ userId, nota: tenths, comentario: row.data.nota === "" ? "" : row.data.comentario });
    }
    if (Object.keys(rows).length > 0) {
      return data({ columns: { target: `notas-${columnaId}`, rows, values } satisfies ColumnsReply }, { status: 400 });
    }
    return done(await writeGrades(user, cursoId, columnaId, writes, args.request), "Notas guardadas.");
  }
  return done({ ok: false, status: 400, message: "Acción desconocida." }, "");
}

type Nota = Gradebook["participantes"][number]["notas"][number];

/** 'Clase': the course's classes as a filter, a plain GET form (decision 047). */
function ClassFilter({ clases, clase }: { clases: Gradebook["clases"]; clase: string | null }) {
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" aria-label="Filtrar por clase">
      <div>
        <label htmlFor="clase" className="label">
          Clase
        </label>
        <select id="clase" name="clase" defaultValue={clase ?? ""} className="input">
          <option value="">Todo el curso</option>
          {clases.map((c) => (
            <option key={c.id} value={c.id}>
              {c.nombre}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary">
        Filtrar
      </button>
    </Form>
  );
}

/** A nota as a school writes it; below 4,0 in red, as in a school's records. */
function NotaValue({ value }: { value: number }) {
  return (
    <span className={`font-semibold tabular-nums ${value < 4 ? "text-red-700" : "text-slate-900"}`}>
      Nota {formatNota(value)}
    </span>
  );
}

function GradeCell({ nota }: { nota: Nota }) {
  if (nota.intentos === 0 || nota.nota === null) return <span className="text-slate-500">Sin intentos</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-semibold tabular-nums text-slate-900">{formatPercent(nota.mejorNota ?? 0)}</span>
      <NotaValue value={nota.nota} />
      <span className="text-xs text-slate-600">
        {nota.intentos} {nota.intentos === 1 ? "intento" : "intentos"}
      </span>
      {nota.aprobado ? <Badge tone="green">Aprobado</Badge> : <Badge tone="amber">No aprobado</Badge>}
    </span>
  );
}

export default function GradebookPage({ loaderData }: Route.ComponentProps) {
  const { curso, clases, clase, modulos, columnas, ponderacion, participantes, total, page, pageCount } =
    loaderData.gradebook;
  const filter = clase ? `?clase=${encodeURIComponent(clase)}` : "";
  const reply = useActionData<typeof action>()?.columns;
  const columns = [
    { label: "Participante" },
    ...modulos.map((m) => ({ label: `Módulo ${m.posicion + 1}: ${m.titulo}` })),
    // A tarea's column: read-only here, its header leads to the tarea's hand-ins (decision 048).
    ...columnas.map((c) =>
      c.tareaId
        ? { label: `${c.nombre} (tarea)`, href: `/docente/cursos/${curso.id}/tareas/${c.tareaId}/entregas` }
        : { label: c.nombre },
    ),
    { label: "Nota final" },
  ];
  return (
    <section>
      <BackToCourses />
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">Calificaciones</h1>
          <p className="mt-1 text-sm break-words text-slate-600">
            {curso.titulo} · {formatCount(total)} {total === 1 ? "participante" : "participantes"}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {total > 0 ? (
            <a href={`/docente/cursos/${curso.id}/calificaciones/csv${filter}`} download className="btn-secondary">
              Descargar CSV
            </a>
          ) : null}
          <CourseReportNav courseId={curso.id} current="calificaciones" />
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-600">
        Por módulo: el mejor porcentaje, su nota, los intentos y si aprobó (mínimo {formatPercent(curso.exigencia)}, la
        exigencia). {notaScale(curso.exigencia)}{" "}
        {ponderacion ? weightedRule(ponderacion.evaluaciones) : NOTA_FINAL_RULE}
      </p>
      {clases.length > 0 ? <ClassFilter clases={clases} clase={clase} /> : null}
      {modulos.length === 0 && columnas.length === 0 ? (
        <p className="card mt-6 p-6 text-slate-600">{NO_QUIZZES}</p>
      ) : participantes.length === 0 ? (
        <p className="card mt-6 p-6 text-slate-600">No hay participantes aún.</p>
      ) : (
        <AdminTable
          columns={columns}
          minWidth={modulos.length + columnas.length > 2 ? "min-w-[900px]" : "min-w-[640px]"}
          className="card mt-6 max-h-[70vh] overflow-auto"
          caption="Calificaciones por participante y módulo"
          stickyHeader
          scrollLabel="Tabla de calificaciones"
        >
          {participantes.map((p) => (
            <tr key={p.id}>
              <td className="px-3 py-2">
                <span className="block font-medium text-slate-900">{p.nombre || "Sin nombre"}</span>
                <span className="block text-xs text-slate-600">
                  <Email value={p.correo} />
                </span>
              </td>
              {p.notas.map((nota, i) => (
                <td key={nota.moduloId} data-label={columns[i + 1]!.label} className="px-3 py-2">
                  <GradeCell nota={nota} />
                </td>
              ))}
              {p.manuales.map((m, i) => (
                <td key={m.columnaId} data-label={columns[modulos.length + i + 1]!.label} className="px-3 py-2">
                  {m.nota === null ? (
                    <span className="text-slate-500">Sin nota</span>
                  ) : (
                    <>
                      <NotaValue value={m.nota} />
                      {m.comentario ? <span className="block text-xs text-slate-600">{m.comentario}</span> : null}
                    </>
                  )}
                </td>
              ))}
              <td data-label="Nota final" className="px-3 py-2">
                {p.nota === null ? <span className="text-slate-500">Sin intentos</span> : <NotaValue value={p.nota} />}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination page={page} pageCount={pageCount} />
      <section aria-labelledby="columnas-titulo" className="mt-8 space-y-4">
        <h2 id="columnas-titulo" className="text-xl font-semibold text-slate-900">
          Columnas de notas
        </h2>
        <p className="text-sm text-slate-600">
          Notas de 1,0 a 7,0 que pones tú (una disertación, una prueba escrita), con un comentario para cada estudiante;
          cuentan en la nota final. Cada columna muestra a los participantes de esta página.
        </p>
        <NewColumnForm reply={reply} />
        <WeightsForm evaluaciones={ponderacion?.evaluaciones ?? null} reply={reply} />
        {columnas.length > 0 ? (
          <p>
            <Link to={`/docente/cursos/${curso.id}/calificaciones/importar`} className="btn-secondary">
              Importar notas desde un CSV
            </Link>
          </p>
        ) : null}
        {columnas.map((c) => (
          <ColumnCard key={c.id} column={c} learners={participantes} reply={reply} cursoId={curso.id} />
        ))}
      </section>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BelowCoursesErrorBoundary error={error} failed={GRADEBOOK_FAILED} />;
}
