import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { AdminTable } from "~/components/ui/admin-table.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { createClass, listClasses } from "~/features/classes/classes.server.ts";
import { ClassBreadcrumbs } from "~/features/classes/components/class-breadcrumbs.tsx";
import { ClassNameForm } from "~/features/classes/components/class-name-form.tsx";
import { ClassNameSchema } from "~/features/classes/schema.ts";
import { getCourseTitle } from "~/features/courses/admin-courses.server.ts";
import { BelowCoursesErrorBoundary } from "~/features/courses/components/back-to-courses.tsx";
import { requireCourseManager } from "~/features/courses/team.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { formReply } from "~/lib/failure.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { pageTitle } from "~/lib/meta.ts";
import { pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/list";

// A course's classes (docs/product.md#classes): /docente/cursos/{cursoId}/clases for its team and
// admins; 'Nueva clase' below the list.

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Clases del curso");

export async function loader(args: Route.LoaderArgs) {
  await requireCourseManager(args, args.params.cursoId);
  const course = await getCourseTitle(args.params.cursoId);
  invariantResponse(course, COURSE_NOT_FOUND, { status: 404 });
  const list = await listClasses(course.id, { page: pageFrom(args.request.url) });
  invariantResponse(list, COURSE_NOT_FOUND, { status: 404 });
  return { course, ...list };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireCourseManager(args, args.params.cursoId);
  const submission = parseWithZod(await readForm(args.request), { schema: ClassNameSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await createClass(user, args.params.cursoId, submission.value.nombre, args.request);
  if (!outcome.ok) return data({ result: formReply(submission, outcome) }, { status: outcome.status });
  return redirectWithFlash(args.request, `/docente/cursos/${outcome.clase.cursoId}/clases/${outcome.clase.id}`, {
    type: "success",
    message: "Clase creada. Comparte su código con tus estudiantes.",
  });
}

const COLUMNS = [{ label: "Clase" }, { label: "Código" }, { label: "Estudiantes", align: "right" }] as const;

export default function ClassList({ loaderData, actionData }: Route.ComponentProps) {
  const { course, clases, total, page, pageCount } = loaderData;
  return (
    <section>
      <ClassBreadcrumbs curso={course} />
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Clases</h1>
      <p className="mt-1 text-sm text-slate-600">
        {course.titulo} · {total} {total === 1 ? "clase" : "clases"}. Cada clase tiene un código: quien lo escribe en
        «Unirme a una clase», en su panel, queda en la clase y en el curso.
      </p>
      {clases.length === 0 ? (
        <p className="card mt-6 p-6 text-slate-600">Este curso aún no tiene clases. Crea la primera aquí abajo.</p>
      ) : (
        <AdminTable columns={COLUMNS} minWidth="min-w-[420px]" caption="Clases del curso">
          {clases.map((c) => (
            <tr key={c.id}>
              <td className="px-3 py-2 font-medium">
                <Link
                  to={`/docente/cursos/${course.id}/clases/${c.id}`}
                  className="inline-block py-1 break-words text-brand-700 hover:underline"
                >
                  {c.nombre}
                </Link>
              </td>
              <td data-label="Código" className="px-3 py-2 font-mono tracking-wider whitespace-nowrap">
                {c.codigo}
              </td>
              <td data-label="Estudiantes" className="px-3 py-2 text-right tabular-nums">
                {c.estudiantes}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination page={page} pageCount={pageCount} />

      <ClassNameForm
        id="nueva-clase"
        title="Nueva clase"
        submit="Crear clase"
        pendingLabel="Creando..."
        lastResult={actionData?.result}
        className="mt-8 max-w-xl"
      />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BelowCoursesErrorBoundary error={error} failed="No se pudieron cargar las clases." />;
}
