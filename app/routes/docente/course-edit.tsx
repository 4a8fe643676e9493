import { data, Link } from "react-router";
import { Badge, CourseStateBadge } from "~/components/ui/badge.tsx";
import { ConfirmDeleteDialog } from "~/components/ui/confirm-delete-dialog.tsx";
import { getTeam, mayPublishCourse, requireCourseManager } from "~/features/courses/team.server.ts";
import { ReviewActions } from "~/features/authoring/components/review-actions.tsx";
import { isAdmin } from "~/features/accounts/roles.ts";
import { CourseTeamSection } from "~/features/authoring/components/course-team-section.tsx";
import { BackToCourses } from "~/features/courses/components/back-to-courses.tsx";
import { getCourseForEditor } from "~/features/authoring/editor-steps.server.ts";
import { CourseFieldsForm } from "~/features/authoring/components/course-fields-form.tsx";
import { ModuleEditor, ModuleFieldsForm } from "~/features/authoring/components/module-editor.tsx";
import { courseEditorAction } from "~/features/authoring/editor-action.server.ts";
import { courseEditorView } from "~/features/authoring/editor-view.ts";
import { CONFIRM_DELETE_MODULE, LOAD_FAILED, MISSING_ID } from "~/features/authoring/texts.ts";
import { env } from "~/lib/env.server.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { megabytes } from "~/lib/upload.server.ts";
import type { Route } from "./+types/course-edit";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { log } from "~/lib/log.server.ts";

// /docente/cursos/{cursoId}/editar (docs/product.md#course-editor):
// the course's fields, then its modules, each with its files, links and quiz. Every part is its own small form (see
// editor-action.server.ts). Dialogs are addressed by the URL: ?eliminarModulo=, ?eliminarArchivo=;
// the question being edited by ?pregunta= (one at a time), a new one by ?nuevaPregunta=.

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCourseManager(args, args.params.cursoId);
  const id = args.params.cursoId;
  invariantResponse(id, MISSING_ID, { status: 400 });
  const url = new URL(args.request.url);
  const mb = (n: number) => megabytes(Math.floor(n * 1024 * 1024));
  let course;
  try {
    course = await getCourseForEditor(id);
  } catch (error) {
    log.error({ err: error }, "No se pudo cargar el curso para editar");
    throw data(LOAD_FAILED, { status: 500 });
  }
  invariantResponse(course, COURSE_NOT_FOUND, { status: 404 });
  return {
    ...courseEditorView(course, url.searchParams),
    // 'Equipo docente': its team adds co-teachers, admins also remove (docs/product.md#course-teams).
    team: await getTeam(id),
    admin: isAdmin(user),
    canPublish: mayPublishCourse(user),
    maxPdfMb: mb(env().MAX_PDF_MB),
    maxImageMb: mb(env().MAX_IMAGE_MB),
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireCourseManager(args, args.params.cursoId);
  const id = args.params.cursoId;
  invariantResponse(id, MISSING_ID, { status: 400 });
  return courseEditorAction(args.request, user, id);
}

export default function CourseEditor({ loaderData, actionData: ad }: Route.ComponentProps) {
  const {
    course,
    team,
    admin,
    canPublish,
    editQuestionId,
    newQuestionFor,
    toDeleteModule,
    toDeleteFile,
    maxPdfMb,
    maxImageMb,
  } = loaderData;
  const base = `/docente/cursos/${course.id}`;
  const here = `${base}/editar`;
  return (
    <section>
      <BackToCourses />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">
          Editar curso{" "}
          <CourseStateBadge
            estado={course.estado}
            privado={course.visibilidad === "privado"}
            className="ml-1 align-middle"
          />
          {course.visibilidad === "privado" ? (
            <Badge tone="slate" className="ml-1 align-middle">
              Privado
            </Badge>
          ) : null}
        </h1>
        <div className="flex flex-wrap gap-2">
          {[
            [`/cursos/${course.id}`, "Ver curso"],
            [`${base}/participantes`, "Participantes"],
            [`${base}/reportes`, "Reportes"],
            [`${base}/clases`, "Clases"],
            [`${base}/avisos`, "Avisos"],
            [`${base}/tareas`, "Tareas"],
          ].map(([to, label]) => (
            <Link key={label} to={to!} className="btn-ghost">
              {label}
            </Link>
          ))}
          <ReviewActions
            estado={course.estado}
            privado={course.visibilidad === "privado"}
            canPublish={canPublish}
            reviewer={admin}
            actionData={ad}
          />
        </div>
      </div>

      <section aria-labelledby="datos-curso" className="card mt-6 p-4 sm:p-6">
        <h2 id="datos-curso" className="text-lg font-semibold text-slate-900">
          Datos del curso
        </h2>
        <div className="mt-4">
          <CourseFieldsForm
            key={course.updatedAt}
            id="editar-curso"
            mode="edit"
            lastResult={ad?.kind === "course" ? ad.result : undefined}
            defaults={course.defaults}
            imageUrl={course.hasImage ? `/imagenes/cursos/${course.id}?v=${course.updatedAt}` : null}
            maxImageMb={maxImageMb}
            visibilityLocked={!admin}
          />
        </div>
      </section>

      {team ? <CourseTeamSection team={team} canRemove={admin} actionData={ad} /> : null}

      <section aria-labelledby="modulos" className="mt-8">
        <h2 id="modulos" className="scroll-mt-20 text-xl font-bold text-slate-900">
          Módulos ({course.modulos.length})
        </h2>
        {course.modulos.length === 0 ? <p className="mt-2 text-slate-600">Este curso aún no tiene módulos.</p> : null}
        <ol className="mt-4 space-y-6">
          {course.modulos.map((m, i) => (
            <ModuleEditor
              key={m.id}
              courseId={course.id}
              module={m}
              index={i}
              count={course.modulos.length}
              actionData={ad}
              editQuestionId={editQuestionId}
              addingQuestion={newQuestionFor === m.id}
              maxPdfMb={maxPdfMb}
            />
          ))}
        </ol>
        <div className="card mt-6 p-4 sm:p-6">
          <h3 className="text-lg font-semibold text-slate-900">Agregar módulo</h3>
          <div className="mt-3">
            <ModuleFieldsForm
              key={course.modulos.length}
              formId="nuevo-modulo"
              defaults={{
                titulo: "",
                descripcion: "",
                fechaLimite: "",
                intentosMaximos: "",
                revision: "errores",
                revisionCuando: "inmediata",
                barajar: "false",
                preguntasPorIntento: "",
                tiempoLimiteMin: "",
              }}
              actionData={ad}
            />
          </div>
        </div>
      </section>

      {toDeleteModule ? (
        <ConfirmDeleteDialog
          title={CONFIRM_DELETE_MODULE}
          closeHref={here}
          idName="moduloId"
          idValue={toDeleteModule.id}
        >
          <p>
            Se eliminará <strong>{toDeleteModule.titulo}</strong> con sus archivos, enlaces, preguntas y los intentos de
            evaluación de los participantes.
          </p>
        </ConfirmDeleteDialog>
      ) : null}
      {toDeleteFile ? (
        <ConfirmDeleteDialog title="¿Eliminar archivo?" closeHref={here} idName="archivoId" idValue={toDeleteFile.id}>
          <p>
            Se eliminará <strong>{toDeleteFile.nombre}</strong> de forma permanente.
          </p>
        </ConfirmDeleteDialog>
      ) : null}
    </section>
  );
}
