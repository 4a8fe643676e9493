import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { FormErrors, TextAreaField, TextField } from "~/components/ui/field.tsx";
import { ReviewInputSchema } from "~/features/assignments/review-schema.ts";
import { reopenSubmission, reviewSubmission, submissionForReview } from "~/features/assignments/review.server.ts";
import { REVIEW_REOPENED, REVIEW_RETURNED, REVIEW_SAVED } from "~/features/assignments/review-texts.ts";
import { STATE_LABEL } from "~/features/assignments/texts.ts";
import { ENTREGA_NOT_FOUND } from "~/features/assignments/texts.ts";
import { BelowCoursesErrorBoundary } from "~/features/courses/components/back-to-courses.tsx";
import { requireCourseManager } from "~/features/courses/team.server.ts";
import { formatNota } from "~/features/quizzes/nota.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { formReply } from "~/lib/failure.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { PageCsp } from "~/lib/security-headers.server.ts";
import type { Route } from "./+types/review-submission";

// One hand-in's review for the course's team (docs/product.md#returning-a-hand-in): the learner's
// text and files (images in the page, PDFs in the page on a wide screen and always a link), the
// nota or the rubric's levels, a private comment; 'Guardar', 'Devolver', and 'Reabrir' once
// returned. Plain forms: all of it works without JavaScript.

// Its PDFs are shown in an <object> (security-headers.server.ts): this page's policy allows it.
export const handle = { csp: { objects: true } satisfies PageCsp };

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData ? `Entrega de ${loaderData.entrega.nombre}` : "Entrega");

async function load(args: Route.LoaderArgs | Route.ActionArgs) {
  const { cursoId, tareaId, entregaId } = args.params;
  const user = await requireCourseManager(args, cursoId);
  const found = await submissionForReview(user, entregaId);
  if (!found.ok) throw data(found.message, { status: found.status });
  const here = found.tarea.cursoId === cursoId && found.tarea.id === tareaId;
  invariantResponse(here, ENTREGA_NOT_FOUND, { status: 404 });
  return { user, found };
}

export async function loader(args: Route.LoaderArgs) {
  const { found } = await load(args);
  const { tarea, course, rubric, exigencia, entrega } = found;
  return {
    tarea: { id: tarea.id, titulo: tarea.titulo, cursoId: tarea.cursoId, columna: tarea.columnaId !== null },
    curso: course.titulo,
    rubric,
    exigencia,
    entrega,
  };
}

export async function action(args: Route.ActionArgs) {
  const { user, found } = await load(args);
  const form = await readForm(args.request);
  const intent = form.get("intent");
  const here = `/docente/cursos/${found.tarea.cursoId}/tareas/${found.tarea.id}/entregas/${found.entrega.id}`;
  if (intent === "reabrir") {
    const outcome = await reopenSubmission(user, found.entrega.id, args.request);
    const flash = outcome.ok
      ? { type: "success" as const, message: REVIEW_REOPENED }
      : { type: "error" as const, message: outcome.message };
    return redirectWithFlash(args.request, here, flash);
  }
  const submission = parseWithZod(form, { schema: ReviewInputSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const returning = intent === "devolver";
  const outcome = await reviewSubmission(user, found.entrega.id, submission.value, returning, args.request);
  if (!outcome.ok) return data({ result: formReply(submission, outcome) }, { status: outcome.status });
  return redirectWithFlash(args.request, here, {
    type: "success",
    message: returning ? REVIEW_RETURNED : REVIEW_SAVED,
  });
}

type Data = Route.ComponentProps["loaderData"];

function Files({ archivos }: { archivos: Data["entrega"]["archivos"] }) {
  if (archivos.length === 0) return null;
  return (
    <ul className="mt-4 space-y-4">
      {archivos.map((a) => (
        <li key={a.id} className="rounded-lg border border-slate-200 p-3">
          <p className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium break-all text-slate-800">{a.nombre}</span>
            <a href={a.enlace} target="_blank" rel="noopener noreferrer" className="btn-secondary px-2 py-1">
              Abrir{a.tipo === "application/pdf" ? " PDF" : " imagen"}
              <span className="sr-only"> {a.nombre} (en una pestaña nueva)</span>
            </a>
          </p>
          {a.tipo.startsWith("image/") ? (
            <img
              src={a.enlace}
              alt={`Archivo entregado: ${a.nombre}`}
              loading="lazy"
              className="mt-3 h-auto max-w-full rounded"
            />
          ) : a.tipo === "application/pdf" ? (
            // On a phone the link above (its own viewer) is the way; on a wide screen, in the page.
            <object
              data={a.enlace}
              type="application/pdf"
              aria-label={a.nombre}
              className="mt-3 hidden h-[600px] w-full rounded border border-slate-200 sm:block"
            >
              <p className="p-3 text-sm">Tu navegador no puede mostrar el PDF aquí: usa «Abrir PDF».</p>
            </object>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export default function ReviewSubmissionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tarea, curso, rubric, exigencia, entrega } = loaderData;
  const returned = entrega.estado === "devuelta";
  const [form, fields] = useForm<{ nota: string; comentario: string; niveles: string[] }>({
    id: "revision",
    lastResult: actionData?.result,
    defaultValue: {
      nota: entrega.nota === null ? "" : formatNota(entrega.nota),
      comentario: entrega.comentario,
    },
    shouldValidate: "onSubmit",
  });
  const levels = entrega.niveles ?? [];
  const levelsError = fields.niveles.errors;
  const entregas = `/docente/cursos/${tarea.cursoId}/tareas/${tarea.id}/entregas`;
  return (
    <section>
      <p className="text-sm">
        <Link to={entregas} className="text-brand-700 underline">
          ← Entregas de {tarea.titulo}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold break-words text-slate-900">{entrega.nombre}</h1>
      <p className="mt-1 text-sm break-words text-slate-600">
        {tarea.titulo} · {curso}
      </p>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <Badge tone={returned ? "green" : entrega.estadoMostrado === "atrasada" ? "amber" : "slate"}>
          {STATE_LABEL[entrega.estadoMostrado]}
        </Badge>
        {entrega.entregadaEn ? <span>Entregada el {formatDateTime(entrega.entregadaEn)}</span> : null}
        {entrega.atrasada ? <span>(después de la fecha límite)</span> : null}
        {returned && entrega.devueltaEn ? <span>· Devuelta el {formatDateTime(entrega.devueltaEn)}</span> : null}
      </p>

      <section aria-labelledby="trabajo" className="card mt-6 p-4 sm:p-6">
        <h2 id="trabajo" className="text-lg font-semibold text-slate-900">
          Lo que entregó
        </h2>
        {entrega.texto ? (
          <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{entrega.texto}</p>
        ) : (
          <p className="mt-2 text-slate-600">Sin texto.</p>
        )}
        <Files archivos={entrega.archivos} />
      </section>

      {entrega.estado === "borrador" ? (
        <p className="card mt-6 p-4 text-slate-700">
          Aún no la ha entregado
          {entrega.nota !== null
            ? ` (la última nota, ${formatNota(entrega.nota)}, sigue en el libro de calificaciones)`
            : ""}
          .
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="card mt-6 space-y-4 p-4 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">Revisión</h2>
          <FormErrors id={form.errorId} errors={form.errors} />
          {rubric ? (
            <>
              {rubric.map((criterio, i) => (
                <fieldset key={i} aria-describedby={levelsError ? fields.niveles.errorId : undefined}>
                  <legend className="font-medium text-slate-900">{criterio.nombre}</legend>
                  <div className="mt-1 space-y-1">
                    {criterio.niveles.map((nivel, j) => (
                      <label key={j} className="flex items-center gap-2 text-sm text-slate-800">
                        <input type="radio" name={`niveles[${i}]`} value={j} defaultChecked={levels[i] === j} />
                        {nivel.nombre} ({nivel.puntos} {nivel.puntos === 1 ? "punto" : "puntos"})
                      </label>
                    ))}
                  </div>
                </fieldset>
              ))}
              {levelsError ? (
                <p id={fields.niveles.errorId} className="field-error">
                  {levelsError[0]}
                </p>
              ) : null}
              <p className="text-sm text-slate-600">
                La nota sale de los puntos de los niveles, con la exigencia del curso ({exigencia}% es un 4,0)
                {entrega.nota !== null ? `: ahora, ${formatNota(entrega.nota)}` : ""}.
              </p>
            </>
          ) : (
            <div className="max-w-40">
              <TextField
                field={fields.nota}
                label="Nota"
                hint="De 1,0 a 7,0, con coma o punto."
                inputMode="decimal"
                autoComplete="off"
                maxLength={4}
              />
            </div>
          )}
          <TextAreaField field={fields.comentario} label="Comentario (solo lo ven la persona y el equipo)" rows={4} />
          <p className="text-sm text-slate-600">
            «Guardar» deja la revisión como borrador: la persona no la ve. «Devolver» le muestra la nota y el
            comentario, le avisa{tarea.columna ? " y pone la nota en el libro de calificaciones" : ""}.
          </p>
          <div className="flex flex-wrap gap-2">
            {returned ? null : (
              <button type="submit" name="intent" value="guardar" className="btn-secondary">
                Guardar
              </button>
            )}
            <button type="submit" name="intent" value="devolver" className="btn-primary">
              {returned ? "Devolver de nuevo" : "Devolver"}
            </button>
          </div>
        </Form>
      )}
      {returned ? (
        <Form method="post" className="mt-4">
          <p className="text-sm text-slate-600">
            Reabrirla permite a la persona entregarla de nuevo; su nota sigue en el libro hasta la próxima devolución.
          </p>
          <button type="submit" name="intent" value="reabrir" className="btn-secondary mt-2">
            Reabrir
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BelowCoursesErrorBoundary error={error} failed="Error al cargar la entrega" />;
}
