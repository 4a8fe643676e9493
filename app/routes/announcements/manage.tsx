import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, useLocation } from "react-router";
import { ConfirmDeleteDialog } from "~/components/ui/confirm-delete-dialog.tsx";
import {
  deleteAnnouncement,
  getAnnouncement,
  listCourseAnnouncements,
  postAnnouncement,
  updateAnnouncement,
} from "~/features/announcements/announcements.server.ts";
import { AnnouncementArticle } from "~/features/announcements/components/announcement-list.tsx";
import { KeysetPager } from "~/components/ui/keyset-pager.tsx";
import { PlainTextPostForm } from "~/components/ui/plain-text-post-form.tsx";
import { AnnouncementFieldsSchema } from "~/features/announcements/schema.ts";
import {
  ANNOUNCEMENT_DELETED,
  ANNOUNCEMENT_NOT_FOUND,
  ANNOUNCEMENT_POSTED,
  TEXT_MAX,
  TITLE_MAX,
} from "~/features/announcements/texts.ts";
import { getCourseTitle } from "~/features/courses/admin-courses.server.ts";
import { BackToCourses, BelowCoursesErrorBoundary } from "~/features/courses/components/back-to-courses.tsx";
import { requireCourseManager } from "~/features/courses/team.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { formReply } from "~/lib/failure.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageTitle } from "~/lib/meta.ts";
import { withParam } from "~/lib/pagination.ts";
import type { Route } from "./+types/manage";

// A course's announcements for its team (docs/product.md#announcements): 'Editar' and 'Eliminar' are
// addressed by the URL (?editar=ID, ?eliminar=ID), so they work without JavaScript.

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Avisos del curso");

export async function loader(args: Route.LoaderArgs) {
  await requireCourseManager(args, args.params.cursoId);
  const course = await getCourseTitle(args.params.cursoId);
  invariantResponse(course, COURSE_NOT_FOUND, { status: 404 });
  const url = new URL(args.request.url);
  const [list, editing, toDelete] = await Promise.all([
    listCourseAnnouncements(course.id, cursorFrom(url)),
    url.searchParams.has("editar") ? getAnnouncement(course.id, url.searchParams.get("editar") ?? "") : null,
    url.searchParams.has("eliminar") ? getAnnouncement(course.id, url.searchParams.get("eliminar") ?? "") : null,
  ]);
  return { course, ...list, editing, toDelete };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireCourseManager(args, args.params.cursoId);
  const cursoId = args.params.cursoId;
  const form = await readForm(args.request);
  const here = `/docente/cursos/${cursoId}/avisos`;
  const intent = form.get("intent");
  // The services answer 404 for an id that is no announcement of this course.
  const avisoId = String(form.get("avisoId") ?? "");
  if (intent === "publish" || intent === "edit") {
    const submission = parseWithZod(form, { schema: AnnouncementFieldsSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const outcome =
      intent === "publish"
        ? await postAnnouncement(user, cursoId, submission.value, args.request)
        : await updateAnnouncement(user, cursoId, avisoId, submission.value, args.request);
    if (!outcome.ok) return data({ intent, result: formReply(submission, outcome) }, { status: outcome.status });
    const message = intent === "publish" ? ANNOUNCEMENT_POSTED : "Aviso guardado.";
    return redirectWithFlash(args.request, here, { type: "success", message });
  }
  if (intent === "delete") {
    const outcome = await deleteAnnouncement(user, cursoId, avisoId, args.request);
    return redirectWithFlash(
      args.request,
      here,
      outcome.ok
        ? { type: "success", message: ANNOUNCEMENT_DELETED }
        : { type: "error", message: ANNOUNCEMENT_NOT_FOUND },
    );
  }
  return redirectWithFlash(args.request, here, { type: "error", message: "Solicitud inválida." });
}

// The form's two fields, the same for 'Publicar un aviso' and 'Editar aviso'.
const TITLE_FIELD = { label: "Título", max: TITLE_MAX };
const TEXT_FIELD = { label: "Texto", max: TEXT_MAX, rows: 6 };

export default function ManageAnnouncements({ loaderData, actionData }: Route.ComponentProps) {
  const { course, avisos, cursors, editing, toDelete } = loaderData;
  const base = `/docente/cursos/${course.id}`;
  const { search } = useLocation();
  const close = (name: string) => withParam(search, name, null, `${base}/avisos`);
  const formId = editing ? "editar-aviso" : "nuevo-aviso";
  return (
    <section>
      <BackToCourses />
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Avisos</h1>
          <p className="mt-1 text-sm text-slate-600">
            {course.titulo}. Cada estudiante con matrícula ve los avisos arriba en la página del curso y en su panel.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/cursos/${course.id}`} className="btn-ghost">
            Ver curso
          </Link>
          <Link to={`${base}/participantes`} className="btn-ghost">
            Participantes
          </Link>
          <Link to={`${base}/calificaciones`} className="btn-ghost">
            Calificaciones
          </Link>
        </div>
      </div>

      <section aria-labelledby={`${formId}-encabezado`} className="card mt-6 max-w-2xl p-4 sm:p-6">
        <h2 id={`${formId}-encabezado`} className="text-lg font-semibold text-slate-900">
          {editing ? "Editar aviso" : "Publicar un aviso"}
        </h2>
        <PlainTextPostForm
          key={editing?.id ?? formId}
          id={formId}
          actionData={actionData}
          title={TITLE_FIELD}
          text={TEXT_FIELD}
          {...(editing
            ? {
                intent: "edit",
                defaultValue: { titulo: editing.titulo, texto: editing.texto },
                idName: "avisoId",
                idValue: editing.id,
                submitLabel: "Guardar cambios",
                pendingLabel: "Guardando...",
                cancelHref: close("editar"),
              }
            : { intent: "publish", submitLabel: "Publicar aviso", pendingLabel: "Publicando..." })}
        />
      </section>

      <h2 className="mt-8 text-lg font-semibold text-slate-900">Avisos publicados</h2>
      {avisos.length === 0 ? (
        <p className="card mt-3 p-6 text-slate-600">Este curso aún no tiene avisos. Publica el primero aquí abajo.</p>
      ) : (
        <div className="mt-3 space-y-3">
          {avisos.map((aviso) => (
            <AnnouncementArticle
              key={aviso.id}
              aviso={aviso}
              actions={
                <>
                  <Link
                    to={withParam(search, "editar", aviso.id, `${base}/avisos`)}
                    preventScrollReset
                    className="btn-ghost px-2 py-1"
                    aria-label={`Editar el aviso «${aviso.titulo}»`}
                  >
                    Editar
                  </Link>
                  <Link
                    to={withParam(search, "eliminar", aviso.id, `${base}/avisos`)}
                    preventScrollReset
                    className="btn-danger px-2 py-1"
                    aria-label={`Eliminar el aviso «${aviso.titulo}»`}
                  >
                    Eliminar
                  </Link>
                </>
              }
            />
          ))}
        </div>
      )}
      <KeysetPager cursors={cursors} />

      {toDelete ? (
        <ConfirmDeleteDialog
          title="¿Eliminar este aviso?"
          closeHref={close("eliminar")}
          idName="avisoId"
          idValue={toDelete.id}
        >
          <p>
            <strong>{toDelete.titulo}</strong>
          </p>
          <p className="mt-2">
            El aviso deja de verse en la página del curso y en el panel de cada estudiante. No se puede deshacer.
          </p>
        </ConfirmDeleteDialog>
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BelowCoursesErrorBoundary error={error} failed="No se pudieron cargar los avisos." />;
}
