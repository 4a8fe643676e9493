import { countPhrase, SEARCH_NARROW_HINT } from "~/lib/search-count.ts";
import { Link } from "react-router";
import { z } from "zod";
import { ActionsCell, AdminTable } from "~/components/ui/admin-table.tsx";
import { CourseStateBadge } from "~/components/ui/badge.tsx";
import { IntentButton } from "~/components/ui/intent-button.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { cursorFrom } from "~/lib/keyset.ts";
import { SearchForm } from "~/components/ui/search-form.tsx";
import { ConfirmDeleteDialog } from "~/components/ui/confirm-delete-dialog.tsx";
import { requireAdmin } from "~/features/accounts/guards.server.ts";
import { courseTareaFileKeys } from "~/features/assignments/files.server.ts";
import { audienceLabel } from "~/features/courses/audience.ts";
import {
  DELETE_COURSE_FAILED,
  PUBLISH_FAILED,
  deleteCourse,
  getCourseTitle,
  listAdminCourses,
  publishCourse,
} from "~/features/courses/admin-courses.server.ts";
import { listAwaitingReview } from "~/features/courses/review.server.ts";
import { DELETE_COURSE_EFFECTS, DELETE_COURSE_KEEPS_CERTIFICATES } from "~/features/courses/admin-texts.ts";
import { formatCalendarDate } from "~/lib/dates.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { listQuery, listStateFrom, pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/courses";
import { log } from "~/lib/log.server.ts";

const ActionSchema = z.object({ intent: z.enum(["publish", "delete"]), courseId: z.string().min(1).max(64) });

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const url = new URL(args.request.url);
  const deleteId = url.searchParams.get("eliminar");
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const [list, toDelete, awaitingReview] = await Promise.all([
    listAdminCourses({ page: pageFrom(url), q, cursor: cursorFrom(url) }),
    deleteId ? getCourseTitle(deleteId) : null,
    listAwaitingReview(),
  ]);
  return { ...list, toDelete, awaitingReview };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const { request } = args;
  const url = new URL(request.url);
  const back = `/admin/courses${listQuery(listStateFrom(url))}`;
  const parsed = ActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return redirectWithFlash(request, back, { type: "error", message: "Solicitud inválida." });
  const { intent, courseId } = parsed.data;
  const publish = intent === "publish";
  try {
    const outcome = publish
      ? await publishCourse(admin, courseId, request)
      : await deleteCourse(admin, courseId, request, courseTareaFileKeys);
    const message = publish ? "Curso publicado." : "Curso eliminado.";
    if (outcome.ok) return redirectWithFlash(request, back, { type: "success", message });
  } catch (error) {
    log.error({ err: error }, "No se pudo eliminar el curso");
  }
  return redirectWithFlash(request, back, { type: "error", message: publish ? PUBLISH_FAILED : DELETE_COURSE_FAILED });
}

const COLUMNS = [
  { label: "Curso" },
  { label: "Estado" },
  { label: "Participantes", align: "right" },
  { label: "Fechas" },
  { label: "Acciones", align: "right" },
] as const;

export default function AdminCourses({ loaderData }: Route.ComponentProps) {
  const { courses, total, totalExact, page, pageCount, q, toDelete, awaitingReview } = loaderData;
  const closeHref = `/admin/courses${listQuery({ q, page })}`;
  const deleteHref = (id: string) => listQuery({ q, page }, { eliminar: id });

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Mis Cursos</h1>
          <p className="mt-1 text-sm text-slate-600">
            {countPhrase(total, totalExact, "curso", "cursos")}
            {q ? ` con «${q}»` : ""}
            {totalExact ? "" : `. ${SEARCH_NARROW_HINT}`}
          </p>
        </div>
        <Link to="/docente/cursos/nuevo" className="btn-primary">
          + Crear curso
        </Link>
      </div>

      {awaitingReview.length > 0 ? (
        <section aria-labelledby="esperan-revision" className="card mt-4 border-amber-300 p-4">
          <h2 id="esperan-revision" className="text-lg font-semibold text-slate-900">
            Esperan revisión ({awaitingReview.length})
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Su equipo docente los envió a revisión: publícalos o devuélvelos a borrador con un comentario desde el
            editor.
          </p>
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {awaitingReview.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="font-medium text-slate-900">{c.titulo}</span>
                <Link to={`/docente/cursos/${c.id}/editar`} className="btn-ghost px-2 py-1">
                  Revisar
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <SearchForm
        id="buscar-curso"
        label="Buscar por título o contenido"
        q={q}
        clearHref="/admin/courses"
        className="mt-4"
      />

      <AdminTable
        columns={COLUMNS}
        minWidth="min-w-[680px]"
        caption="Cursos"
        empty={
          courses.length === 0
            ? q
              ? "No hay cursos que coincidan con la búsqueda."
              : "No hay cursos disponibles."
            : null
        }
      >
        {courses.map((c) => (
          <tr key={c.id}>
            <td className="px-3 py-3">
              <Link to={`/cursos/${c.id}`} className="font-medium text-slate-900 hover:underline">
                {c.titulo}
              </Link>
              <span className="block text-xs text-slate-500">{audienceLabel(c.dirigidoA)}</span>
            </td>
            <td data-label="Estado" className="px-3 py-3">
              <CourseStateBadge estado={c.estado} privado={c.visibilidad === "privado"} />
              {c.visibilidad === "privado" ? <span className="ml-1 text-xs text-slate-600">Privado</span> : null}
            </td>
            <td data-label="Participantes" className="px-3 py-3 text-right tabular-nums">
              {c.cantidadParticipantes}
            </td>
            <td data-label="Fechas" className="px-3 py-3 whitespace-nowrap text-xs text-slate-600">
              {formatCalendarDate(c.fechaInicio)} – {formatCalendarDate(c.fechaTermino)}
            </td>
            <ActionsCell wrap>
              {c.estado !== "publicado" || c.visibilidad === "privado" ? (
                <IntentButton intent="publish" idName="courseId" id={c.id} className="btn-primary px-2 py-1">
                  Publicar
                </IntentButton>
              ) : null}
              <Link to={`/docente/cursos/${c.id}/editar`} className="btn-ghost px-2 py-1">
                Editar
              </Link>
              <Link to={`/docente/cursos/${c.id}/participantes`} className="btn-ghost px-2 py-1">
                Participantes
              </Link>
              <Link to={`/docente/cursos/${c.id}/reportes`} className="btn-ghost px-2 py-1">
                Reportes
              </Link>
              <Link to={`/docente/cursos/${c.id}/clases`} className="btn-ghost px-2 py-1">
                Clases
              </Link>
              <Link to={`/docente/cursos/${c.id}/avisos`} className="btn-ghost px-2 py-1">
                Avisos
              </Link>
              <Link to={deleteHref(c.id)} preventScrollReset className="btn-danger px-2 py-1">
                Eliminar
              </Link>
            </ActionsCell>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} pageCount={pageCount} cursors={loaderData.cursors} />

      {toDelete ? (
        <ConfirmDeleteDialog title="¿Eliminar curso?" closeHref={closeHref} idName="courseId" idValue={toDelete.id}>
          <p>
            <strong>{toDelete.titulo}</strong>
          </p>
          <p className="mt-2">{DELETE_COURSE_EFFECTS}</p>
          <p className="mt-2">{DELETE_COURSE_KEEPS_CERTIFICATES}</p>
        </ConfirmDeleteDialog>
      ) : null}
    </section>
  );
}
