import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { Pagination } from "~/components/ui/pagination.tsx";
import { SearchForm } from "~/components/ui/search-form.tsx";
import { ConfirmDeleteDialog } from "~/components/ui/confirm-delete-dialog.tsx";
import { requireAdmin } from "~/features/auth/guards.server.ts";
import { audienceLabel } from "~/features/courses/audience.ts";
import {
  DELETE_COURSE_FAILED,
  PUBLISH_FAILED,
  deleteCourse,
  getCourseTitle,
  listAdminCourses,
  publishCourse,
} from "~/features/courses/admin-courses.server.ts";
import { DELETE_COURSE_EFFECTS, DELETE_COURSE_KEEPS_CERTIFICATES } from "~/features/courses/admin-messages.ts";
import { formatCalendarDate } from "~/lib/dates.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { listQuery, listStateFrom, pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/courses";

const ActionSchema = z.object({ intent: z.enum(["publish", "delete"]), courseId: z.string().min(1).max(64) });

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const url = new URL(args.request.url);
  const deleteId = url.searchParams.get("eliminar");
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const [list, toDelete] = await Promise.all([
    listAdminCourses({ page: pageFrom(url), q }),
    deleteId ? getCourseTitle(deleteId) : null,
  ]);
  return { ...list, toDelete };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const { request } = args;
  const url = new URL(request.url);
  const back = `/admin/courses${listQuery(listStateFrom(url))}`;
  const parsed = ActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return redirectWithFlash(request, back, { type: "error", message: "Solicitud inválida." });
  const { intent, courseId } = parsed.data;
  try {
    if (intent === "publish") {
      const outcome = await publishCourse(admin, courseId, request);
      return redirectWithFlash(
        request,
        back,
        outcome.ok ? { type: "success", message: "Curso publicado." } : { type: "error", message: PUBLISH_FAILED },
      );
    }
    const outcome = await deleteCourse(admin, courseId, request);
    return redirectWithFlash(
      request,
      back,
      outcome.ok ? { type: "success", message: "Curso eliminado." } : { type: "error", message: DELETE_COURSE_FAILED },
    );
  } catch (error) {
    console.error(error);
    return redirectWithFlash(request, back, {
      type: "error",
      message: intent === "publish" ? PUBLISH_FAILED : DELETE_COURSE_FAILED,
    });
  }
}

export default function AdminCourses({ loaderData }: Route.ComponentProps) {
  const { courses, total, page, pageCount, q, toDelete } = loaderData;
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("courseId") : null;
  const closeHref = `/admin/courses${listQuery({ q, page })}`;
  const deleteHref = (id: string) => listQuery({ q, page }, { eliminar: id });

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Mis Cursos</h1>
          <p className="mt-1 text-sm text-slate-600">
            {total} {total === 1 ? "curso" : "cursos"}
            {q ? ` con «${q}» en el título` : ""}
          </p>
        </div>
        <Link to="/admin/courses/new" className="btn-primary">
          + Crear curso
        </Link>
      </div>

      <SearchForm id="buscar-curso" label="Buscar por título" q={q} clearHref="/admin/courses" className="mt-4" />

      <div className="card mt-6 overflow-x-auto">
        <table className="w-full min-w-[680px] text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              <th scope="col" className="px-3 py-3">
                Curso
              </th>
              <th scope="col" className="px-3 py-3">
                Estado
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                Participantes
              </th>
              <th scope="col" className="px-3 py-3">
                Fechas
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                Acciones
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {courses.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-6 text-center text-slate-600">
                  {q ? "No hay cursos que coincidan con la búsqueda." : "No hay cursos disponibles."}
                </td>
              </tr>
            ) : null}
            {courses.map((c) => (
              <tr key={c.id}>
                <td className="px-3 py-3">
                  <Link to={`/cursos/${c.id}`} className="font-medium text-slate-900 hover:underline">
                    {c.titulo}
                  </Link>
                  <span className="block text-xs text-slate-500">{audienceLabel(c.dirigidoA)}</span>
                </td>
                <td className="px-3 py-3">
                  {c.estado === "publicado" ? (
                    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                      Publicado
                    </span>
                  ) : (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                      Borrador
                    </span>
                  )}
                </td>
                <td className="px-3 py-3 text-right tabular-nums">{c.cantidadParticipantes}</td>
                <td className="px-3 py-3 whitespace-nowrap text-xs text-slate-600">
                  {formatCalendarDate(c.fechaInicio)} – {formatCalendarDate(c.fechaTermino)}
                </td>
                <td className="px-3 py-3">
                  <div className="flex flex-wrap justify-end gap-1">
                    {c.estado !== "publicado" ? (
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="courseId" value={c.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="publish"
                          className="btn-primary px-2 py-1"
                          disabled={busyId === c.id}
                        >
                          Publicar
                        </button>
                      </Form>
                    ) : null}
                    <Link to={`/admin/courses/edit/${c.id}`} className="btn-ghost px-2 py-1">
                      Editar
                    </Link>
                    <Link to={`/admin/courses/participantes/${c.id}`} className="btn-ghost px-2 py-1">
                      Participantes
                    </Link>
                    <Link to={deleteHref(c.id)} preventScrollReset className="btn-danger px-2 py-1">
                      Eliminar
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} pageCount={pageCount} />

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
