import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { TareaForm } from "~/features/assignments/components/tarea-form.tsx";
import { TareaFieldsSchema } from "~/features/assignments/schema.ts";
import { TAREA_CREATED } from "~/features/assignments/set-texts.ts";
import {
  adjuntoMaxMb,
  createTarea,
  listTareas,
  readTareaUpload,
  tareaFormOptions,
} from "~/features/assignments/tareas.server.ts";
import { BackToCourses, BelowCoursesErrorBoundary } from "~/features/courses/components/back-to-courses.tsx";
import { requireCourseManager } from "~/features/courses/team.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { formatChileDateTime } from "~/lib/chile-time.ts";
import { formReply } from "~/lib/failure.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { pageTitle } from "~/lib/meta.ts";
import { discard, withUpload } from "~/lib/upload.server.ts";
import type { Route } from "./+types/manage";

// A course's tareas for its team (docs/product.md#setting-a-tarea): the list by due date, each
// with its edit page and its hand-ins, and 'Nueva tarea' (a plain multipart form).

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Tareas del curso");

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCourseManager(args, args.params.cursoId);
  const [options, listed] = await Promise.all([
    tareaFormOptions(user, args.params.cursoId),
    listTareas(user, args.params.cursoId),
  ]);
  invariantResponse(options && listed.ok, COURSE_NOT_FOUND, { status: 404 });
  const tareas = listed.tareas.map((t) => ({
    id: t.id,
    titulo: t.titulo,
    modulo: t.modulo,
    fecha: t.fechaLimite ? formatChileDateTime(new Date(t.fechaLimite)) : null,
    para: t.todasLasClases ? "Todas las clases" : t.clases.map((c) => c.nombre).join(", ") || "Ninguna clase",
    calificacion: t.calificacion === "rubrica" ? "Rúbrica" : "Nota",
    adjuntos: t.archivos.length,
  }));
  return { ...options, tareas, maxMb: adjuntoMaxMb() };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireCourseManager(args, args.params.cursoId);
  const cursoId = args.params.cursoId;
  const intent = "create";
  const upload = await readTareaUpload(args.request);
  if (!upload.ok) {
    const submission = parseWithZod(upload.form ?? new FormData(), { schema: TareaFieldsSchema });
    return data({ intent, result: formReply(submission, upload) }, { status: upload.status });
  }
  const submission = parseWithZod(upload.form, { schema: TareaFieldsSchema });
  if (submission.status !== "success") {
    await discard(upload.files);
    return data({ intent, result: submission.reply() }, { status: 400 });
  }
  // The files are kept only when the tarea is created.
  const outcome = await withUpload(upload.files, (files) =>
    createTarea(user, cursoId, submission.value, files, args.request),
  );
  if (!outcome.ok) {
    return data({ intent, result: formReply(submission, outcome) }, { status: outcome.status });
  }
  return redirectWithFlash(args.request, `/docente/cursos/${cursoId}/tareas`, {
    type: "success",
    message: TAREA_CREATED,
  });
}

export default function ManageTareas({ loaderData, actionData }: Route.ComponentProps) {
  const { course, tareas, modulos, clases, maxMb } = loaderData;
  const base = `/docente/cursos/${course.id}`;
  return (
    <section>
      <BackToCourses />
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Tareas</h1>
          <p className="mt-1 text-sm text-slate-600">
            {course.titulo}. Cada estudiante ve en la página del curso las tareas que son para su clase.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/cursos/${course.id}`} className="btn-ghost">
            Ver curso
          </Link>
          <Link to={`${base}/editar`} className="btn-ghost">
            Editar curso
          </Link>
          <Link to={`${base}/calificaciones`} className="btn-ghost">
            Calificaciones
          </Link>
        </div>
      </div>

      <h2 className="mt-6 text-lg font-semibold text-slate-900">Tareas del curso</h2>
      {tareas.length === 0 ? (
        <p className="card mt-3 p-6 text-slate-600">Este curso aún no tiene tareas. Pon la primera aquí abajo.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {tareas.map((t) => (
            <li key={t.id} className="card p-4">
              <h3 className="font-semibold text-slate-900">{t.titulo}</h3>
              <p className="mt-1 text-sm text-slate-600">
                {t.modulo ?? "Arriba en el curso"} · {t.fecha ? `Fecha límite: ${t.fecha}` : "Sin fecha límite"} ·{" "}
                {t.para} · {t.calificacion}
                {t.adjuntos > 0 ? ` · ${t.adjuntos} ${t.adjuntos === 1 ? "adjunto" : "adjuntos"}` : ""}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Link
                  to={`${base}/tareas/${t.id}/editar`}
                  className="btn-ghost px-2 py-1"
                  aria-label={`Editar la tarea «${t.titulo}»`}
                >
                  Editar
                </Link>
                <Link
                  to={`${base}/tareas/${t.id}/entregas`}
                  className="btn-ghost px-2 py-1"
                  aria-label={`Entregas de la tarea «${t.titulo}»`}
                >
                  Entregas
                </Link>
                <Link
                  to={`/cursos/${course.id}/tareas/${t.id}`}
                  className="btn-ghost px-2 py-1"
                  aria-label={`Ver la tarea «${t.titulo}» como estudiante`}
                >
                  Ver
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}

      <section aria-labelledby="nueva-tarea-encabezado" className="card mt-8 max-w-2xl p-4 sm:p-6">
        <h2 id="nueva-tarea-encabezado" className="text-lg font-semibold text-slate-900">
          Nueva tarea
        </h2>
        <TareaForm
          id="nueva-tarea"
          intent="create"
          actionData={actionData}
          defaultValue={{}}
          modulos={modulos}
          clases={clases}
          submitLabel="Crear tarea"
          pendingLabel="Creando..."
          adjuntos={{ hint: `PDF o imágenes JPEG, PNG o WebP, de hasta ${maxMb} MB cada uno.` }}
        />
      </section>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BelowCoursesErrorBoundary error={error} failed="No se pudieron cargar las tareas." />;
}
