import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { FormErrors, TextAreaField, TextField } from "~/components/ui/field.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { classView, tareaForTeam, writeToMissing } from "~/features/assignments/review.server.ts";
import { STATE_LABEL, TAREA_NOT_FOUND } from "~/features/assignments/texts.ts";
import type { ShownState } from "~/features/assignments/rules.ts";
import { BelowCoursesErrorBoundary } from "~/features/courses/components/back-to-courses.tsx";
import { requireCourseManager } from "~/features/courses/team.server.ts";
import { ComposeSchema } from "~/features/messages/schema.ts";
import { formatNota } from "~/features/quizzes/nota.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { formReply } from "~/lib/failure.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { pageTitle } from "~/lib/meta.ts";
import { pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/class-view";

// A tarea's class view for the course's team (docs/product.md#returning-a-hand-in): every learner
// it is for, by apellido, with their state, hand-in date and nota; a class as a filter and 'Sin
// entregar' only; 'Escribir' to one learner (the messages form, prefilled) and one message to all
// who have not handed it in. Plain GET filters and POST forms: no JavaScript needed.

const WriteSchema = ComposeSchema.pick({ subject: true, content: true });

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData ? `Entregas de ${loaderData.tarea.titulo}` : "Entregas");

async function load(args: Route.LoaderArgs | Route.ActionArgs) {
  const { cursoId, tareaId } = args.params;
  const user = await requireCourseManager(args, cursoId);
  const found = await tareaForTeam(user, tareaId);
  if (!found.ok) throw data(found.message, { status: found.status });
  invariantResponse(found.tarea.cursoId === cursoId, TAREA_NOT_FOUND, { status: 404 });
  return { user, ...found };
}

const filterOf = (url: URL) => ({
  claseId: url.searchParams.get("clase") || null,
  pendientes: url.searchParams.get("estado") === "sin-entregar",
});

export async function loader(args: Route.LoaderArgs) {
  const { user, tarea, course } = await load(args);
  const url = new URL(args.request.url);
  const filter = filterOf(url);
  const view = await classView(tarea, { ...filter, page: pageFrom(url) });
  if (!view.ok) throw data(view.message, { status: view.status });
  return {
    tarea: { id: tarea.id, titulo: tarea.titulo, cursoId: tarea.cursoId, fechaLimite: tarea.fechaLimite },
    curso: course.titulo,
    // 'Escribir' opens the messages of the viewer's own panel.
    mensajes: user.rol === "admin" ? "/admin/messages" : "/docente/messages",
    filter,
    ...view,
  };
}

export async function action(args: Route.ActionArgs) {
  const { user, tarea } = await load(args);
  const form = await readForm(args.request);
  const submission = parseWithZod(form, { schema: WriteSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const claseId = String(form.get("clase") ?? "") || null;
  const outcome = await writeToMissing(args.request, user, tarea, claseId, submission.value);
  if (!outcome.ok) return data({ result: formReply(submission, outcome) }, { status: outcome.status });
  const message = `Mensaje enviado a ${outcome.sent} ${outcome.sent === 1 ? "persona" : "personas"}.`;
  return redirectWithFlash(args.request, new URL(args.request.url).pathname, { type: "success", message });
}

const TONE: Record<ShownState, "green" | "amber" | "slate"> = {
  asignada: "slate",
  entregada: "slate",
  atrasada: "amber",
  devuelta: "green",
};

function WriteToMissing({ claseId, result }: { claseId: string | null; result: Route.ComponentProps["actionData"] }) {
  const [form, fields] = useForm<{ subject: string; content: string }>({
    id: "escribir-sin-entregar",
    lastResult: result?.result,
    shouldValidate: "onSubmit",
  });
  return (
    <details className="card mt-6 p-4" open={result !== undefined}>
      <summary className="cursor-pointer font-medium text-slate-900">Escribir a quienes no han entregado</summary>
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
        <FormErrors id={form.errorId} errors={form.errors} />
        {claseId ? <input type="hidden" name="clase" value={claseId} /> : null}
        <TextField field={fields.subject} label="Asunto" maxLength={200} />
        <TextAreaField field={fields.content} label="Mensaje" rows={4} />
        <p className="text-sm text-slate-600">
          Cada persona recibe su propia copia en sus mensajes{claseId ? " (solo las de esta clase)" : ""}.
        </p>
        <button type="submit" className="btn-primary">
          Enviar mensaje
        </button>
      </Form>
    </details>
  );
}

export default function ClassViewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tarea, curso, mensajes, filter, rows, total, page, pageCount, clases } = loaderData;
  const subject = `Tarea: ${tarea.titulo}`;
  return (
    <section>
      <h1 className="text-2xl font-bold break-words text-slate-900">Entregas de {tarea.titulo}</h1>
      <p className="mt-1 text-sm break-words text-slate-600">
        {curso}
        {tarea.fechaLimite ? ` · Fecha límite: ${formatDateTime(tarea.fechaLimite)}` : ""}
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" aria-label="Filtrar entregas">
        {clases.length > 0 ? (
          <div>
            <label htmlFor="clase" className="label">
              Clase
            </label>
            <select id="clase" name="clase" defaultValue={filter.claseId ?? ""} className="input">
              <option value="">Todas</option>
              {clases.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.nombre}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div>
          <label htmlFor="estado" className="label">
            Mostrar
          </label>
          <select id="estado" name="estado" defaultValue={filter.pendientes ? "sin-entregar" : ""} className="input">
            <option value="">Todas las personas</option>
            <option value="sin-entregar">Sin entregar</option>
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Filtrar
        </button>
      </Form>
      <p className="mt-4 text-sm text-slate-600">
        {total} {total === 1 ? "persona" : "personas"}
        {filter.pendientes ? " sin entregar" : ""}.
      </p>
      {rows.length === 0 ? (
        <p className="card mt-4 p-6 text-slate-600">
          {filter.pendientes ? "Todas las personas de la lista ya entregaron." : "Nadie tiene esta tarea todavía."}
        </p>
      ) : (
        <ul className="mt-4 space-y-3">
          {rows.map((r) => (
            <li key={r.userId} className="card flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">{r.nombre}</p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <Badge tone={TONE[r.estado]}>{STATE_LABEL[r.estado]}</Badge>
                  {r.entregadaEn ? <span>{formatDateTime(r.entregadaEn)}</span> : null}
                  {r.nota !== null ? <span className="font-semibold">Nota {formatNota(r.nota)}</span> : null}
                </p>
              </div>
              <p className="flex flex-wrap gap-2">
                {r.entregaId ? (
                  // A document load: the review page's policy shows PDFs in the page.
                  <Link
                    to={`/docente/cursos/${tarea.cursoId}/tareas/${tarea.id}/entregas/${r.entregaId}`}
                    reloadDocument
                    className="btn-primary px-3 py-1"
                  >
                    {r.estado === "devuelta" ? "Ver" : "Revisar"}
                    <span className="sr-only"> la entrega de {r.nombre}</span>
                  </Link>
                ) : null}
                <Link
                  to={`${mensajes}?${new URLSearchParams({ para: r.correo, asunto: subject })}`}
                  className="btn-secondary px-3 py-1"
                >
                  Escribir<span className="sr-only"> a {r.nombre}</span>
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} />
      <WriteToMissing claseId={filter.claseId} result={actionData} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BelowCoursesErrorBoundary error={error} failed="Error al cargar las entregas" />;
}
