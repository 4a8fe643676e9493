import { data } from "react-router";
import { requireCourseStaff } from "~/features/accounts/guards.server.ts";
import { isAdmin } from "~/features/accounts/roles.ts";
import { BackToCourses } from "~/features/courses/components/back-to-courses.tsx";
import { CourseFieldsForm } from "~/features/authoring/components/course-fields-form.tsx";
import { submitNewCourse, toFormReply } from "~/features/authoring/submission.server.ts";
import { env } from "~/lib/env.server.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { megabytes } from "~/lib/upload.server.ts";
import type { Route } from "./+types/course-new";

// /docente/cursos/nuevo (docs/product.md#course-editor, #course-teams): the create-course form of
// admins and docentes; a docente who creates a course is its first teacher. New courses are
// borradores; the editor then adds modules. Guarded here too: a loader never relies on the layout.

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCourseStaff(args);
  return {
    maxImageMb: megabytes(Math.floor(env().MAX_IMAGE_MB * 1024 * 1024)),
    // A docente's course starts private, an admin's public (docs/decisions/039-private-courses.md).
    visibilidad: isAdmin(user) ? "publico" : "privado",
  };
}

export async function action(args: Route.ActionArgs) {
  const creator = await requireCourseStaff(args);
  const outcome = await submitNewCourse(creator, args.request, "page");
  if (outcome.ok) {
    return redirectWithFlash(args.request, `/docente/cursos/${outcome.id}/editar`, {
      type: "success",
      message:
        outcome.visibilidad === "privado"
          ? "Curso privado creado. Agrega sus módulos, crea su clase y márcalo «Lista para la clase» cuando esté listo."
          : "Curso creado. Agrega sus módulos y publícalo cuando esté listo.",
    });
  }
  return data({ result: toFormReply(outcome) }, { status: outcome.status });
}

export default function NewCourse({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="max-w-3xl">
      <BackToCourses />
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Crear curso</h1>
      <p className="mt-1 text-sm text-slate-600">
        El curso se crea como borrador. Después podrás agregar módulos, archivos, enlaces y evaluaciones, y publicarlo.
      </p>
      <div className="card mt-6 p-6">
        <CourseFieldsForm
          id="crear-curso"
          mode="create"
          lastResult={actionData?.result}
          maxImageMb={loaderData.maxImageMb}
          defaults={{ visibilidad: loaderData.visibilidad }}
        />
      </div>
    </section>
  );
}
