import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useLocation } from "react-router";
import { ConfirmDeleteDialog } from "~/components/ui/confirm-delete-dialog.tsx";
import { TareaForm, type TareaFormValues } from "~/features/assignments/components/tarea-form.tsx";
import { TareaFieldsSchema } from "~/features/assignments/schema.ts";
import {
  ADJUNTO_REMOVED,
  ADJUNTO_REQUIRED,
  ADJUNTOS_ADDED,
  ADJUNTOS_FIELD,
  MAX_ADJUNTOS,
  TAREA_DELETED,
  TAREA_SAVED,
} from "~/features/assignments/set-texts.ts";
import {
  addTareaFiles,
  adjuntoMaxMb,
  deleteTareaOfCourse,
  readTareaUpload,
  removeTareaFile,
  tareaFormOptions,
  tareaOfCourse,
  updateTareaOfCourse,
} from "~/features/assignments/tareas.server.ts";
import { TAREA_NOT_FOUND } from "~/features/assignments/texts.ts";
import { BelowCoursesErrorBoundary } from "~/features/courses/components/back-to-courses.tsx";
import { requireCourseManager } from "~/features/courses/team.server.ts";
import { chileLocalInput } from "~/lib/chile-time.ts";
import { fail, formReply } from "~/lib/failure.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { pageTitle } from "~/lib/meta.ts";
import { withParam } from "~/lib/pagination.ts";
import { isMultipart, withUpload } from "~/lib/upload.server.ts";
import type { Route } from "./+types/edit";

// Editing a tarea (docs/product.md#setting-a-tarea): its fields, its attachments (added by a
// multipart form, removed one by one) and 'Eliminar tarea', confirmed in a dialog addressed by
// ?eliminar=1, so that every step works without JavaScript.

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Editar tarea");

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCourseManager(args, args.params.cursoId);
  const [options, tarea] = await Promise.all([
    tareaFormOptions(user, args.params.cursoId),
    tareaOfCourse(args.params.cursoId, args.params.tareaId),
  ]);
  invariantResponse(options && tarea, TAREA_NOT_FOUND, { status: 404 });
  const values: TareaFormValues = {
    titulo: tarea.titulo,
    instrucciones: tarea.instrucciones,
    moduloId: tarea.moduloId ?? "",
    fechaLimite: tarea.fechaLimite ? chileLocalInput(new Date(tarea.fechaLimite)) : "",
    permiteAtrasadas: tarea.permiteAtrasadas ? "si" : "no",
    calificacion: tarea.calificacion,
    rubrica: (tarea.rubrica ?? []).map((c) => ({
      nombre: c.nombre,
      niveles: c.niveles.map((l) => ({ nombre: l.nombre, puntos: String(l.puntos) })),
    })),
    todasLasClases: tarea.todasLasClases ? "si" : "no",
    clases: tarea.clases.map((c) => c.id),
  };
  const confirming = new URL(args.request.url).searchParams.has("eliminar");
  return { ...options, tarea, values, confirming, maxMb: adjuntoMaxMb() };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireCourseManager(args, args.params.cursoId);
  const { cursoId, tareaId } = args.params;
  const list = `/docente/cursos/${cursoId}/tareas`;
  const here = `${list}/${tareaId}/editar`;
  const flash = (message: string, ok: boolean, to = here) =>
    redirectWithFlash(args.request, to, { type: ok ? "success" : "error", message });

  // 'Adjuntar': the one multipart form of the page.
  if (isMultipart(args.request)) {
    const upload = await readTareaUpload(args.request);
    if (!upload.ok) return flash(upload.message, false);
    const outcome = await withUpload(upload.files, (files) =>
      files.length === 0
        ? Promise.resolve(fail(400, ADJUNTO_REQUIRED))
        : addTareaFiles(user, cursoId, tareaId, files, args.request),
    );
    return outcome.ok ? flash(ADJUNTOS_ADDED, true) : flash(outcome.message, false);
  }
  const form = await readForm(args.request);
  const intent = form.get("intent");
  if (intent === "save") {
    const submission = parseWithZod(form, { schema: TareaFieldsSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const outcome = await updateTareaOfCourse(user, cursoId, tareaId, submission.value, args.request);
    if (!outcome.ok) return data({ intent, result: formReply(submission, outcome) }, { status: outcome.status });
    return flash(TAREA_SAVED, true);
  }
  if (intent === "remove-file") {
    const outcome = await removeTareaFile(user, cursoId, tareaId, String(form.get("archivoId") ?? ""), args.request);
    return outcome.ok ? flash(ADJUNTO_REMOVED, true) : flash(outcome.message, false);
  }
  if (intent === "delete") {
    const outcome = await deleteTareaOfCourse(user, cursoId, tareaId, args.request);
    return outcome.ok ? flash(TAREA_DELETED, true, list) : flash(outcome.message, false, list);
  }
  return flash("Solicitud inválida.", false);
}

export default function EditTarea({ loaderData, actionData }: Route.ComponentProps) {
  const { course, tarea, values, modulos, clases, confirming, maxMb } = loaderData;
  const list = `/docente/cursos/${course.id}/tareas`;
  const { search } = useLocation();
  const here = `${list}/${tarea.id}/editar`;
  return (
    <section>
      <p>
        <Link to={list} className="text-sm font-medium text-brand-700 hover:underline">
          ← Tareas de {course.titulo}
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Editar tarea</h1>
        <div className="flex flex-wrap gap-2">
          <Link to={tarea.url} className="btn-ghost">
            Ver tarea
          </Link>
          <Link to={`${list}/${tarea.id}/entregas`} className="btn-ghost">
            Entregas
          </Link>
          <Link to={withParam(search, "eliminar", "1", here)} preventScrollReset className="btn-danger">
            Eliminar tarea
          </Link>
        </div>
      </div>

      <section aria-labelledby="editar-tarea-encabezado" className="card mt-6 max-w-2xl p-4 sm:p-6">
        <h2 id="editar-tarea-encabezado" className="text-lg font-semibold text-slate-900">
          {tarea.titulo}
        </h2>
        <TareaForm
          id="editar-tarea"
          intent="save"
          actionData={actionData}
          defaultValue={values}
          modulos={modulos}
          clases={clases}
          submitLabel="Guardar cambios"
          pendingLabel="Guardando..."
          cancelHref={list}
        />
      </section>

      <section aria-labelledby="adjuntos-encabezado" className="card mt-6 max-w-2xl p-4 sm:p-6">
        <h2 id="adjuntos-encabezado" className="text-lg font-semibold text-slate-900">
          Adjuntos
        </h2>
        {tarea.archivos.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Esta tarea no tiene adjuntos.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200">
            {tarea.archivos.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <a href={a.url} className="font-medium text-brand-700 hover:underline">
                  {a.nombre}
                </a>
                <Form method="post">
                  <input type="hidden" name="archivoId" value={a.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="remove-file"
                    className="btn-ghost px-2 py-1"
                    aria-label={`Quitar el adjunto «${a.nombre}»`}
                  >
                    Quitar
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {tarea.archivos.length < MAX_ADJUNTOS ? (
          <Form method="post" encType="multipart/form-data" className="mt-3 space-y-2">
            <label htmlFor="mas-adjuntos" className="label">
              Agregar adjuntos
            </label>
            <input
              id="mas-adjuntos"
              name={ADJUNTOS_FIELD}
              type="file"
              multiple
              accept="application/pdf,image/jpeg,image/png,image/webp"
              aria-describedby="mas-adjuntos-ayuda"
              className="input"
            />
            <p id="mas-adjuntos-ayuda" className="text-xs text-slate-500">
              PDF o imágenes JPEG, PNG o WebP, de hasta {maxMb} MB cada uno; hasta {MAX_ADJUNTOS} por tarea.
            </p>
            <button type="submit" name="intent" value="attach" className="btn-primary">
              Adjuntar
            </button>
          </Form>
        ) : null}
      </section>

      {confirming ? (
        <ConfirmDeleteDialog
          title="¿Eliminar esta tarea?"
          closeHref={withParam(search, "eliminar", null, here)}
          idName="tareaId"
          idValue={tarea.id}
        >
          <p>
            <strong>{tarea.titulo}</strong>
          </p>
          <p className="mt-2">
            Se eliminan también sus adjuntos, las entregas de sus estudiantes con sus archivos y su columna de notas en
            el libro de calificaciones. No se puede deshacer.
          </p>
        </ConfirmDeleteDialog>
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BelowCoursesErrorBoundary error={error} failed="No se pudo cargar la tarea." />;
}
