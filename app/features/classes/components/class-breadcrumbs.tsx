// The way back from a class's pages (docs/product.md#classes): the person's courses, the course
// (its editor), its classes, the class; and the class pages' error page, with the way back.
import { Link, useParams } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary.tsx";
import { useCourseList } from "~/features/courses/components/back-to-courses.tsx";
import { CLASS_NOT_FOUND } from "../texts.ts";

export function ClassBreadcrumbs({
  curso,
  clase,
}: {
  curso: { id: string; titulo: string };
  /** The class, when the page is one of its pages (its link is then the last step). */
  clase?: { nombre: string; href?: string };
}) {
  const base = `/docente/cursos/${curso.id}`;
  const steps: Array<{ label: string; href?: string }> = [
    { label: "Cursos", href: useCourseList() },
    { label: curso.titulo, href: `${base}/editar` },
    { label: "Clases", href: clase ? `${base}/clases` : undefined },
  ];
  if (clase) steps.push({ label: clase.nombre, href: clase.href });
  return (
    <nav aria-label="Ruta de navegación" className="text-sm">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1 text-slate-600">
        {steps.map((step, i) => (
          <li key={`${i}-${step.label}`} className="flex min-w-0 items-center gap-1">
            {i > 0 ? <span aria-hidden="true">›</span> : null}
            {step.href ? (
              <Link
                to={step.href}
                className="inline-block py-0.5 font-medium break-words text-brand-700 hover:underline"
              >
                {step.label}
              </Link>
            ) : (
              <span aria-current="page" className="break-words text-slate-900">
                {step.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** 'Clase no encontrada' (or the course's 404), `failed` for any other error, and the way back to the classes. */
export function ClassErrorBoundary({ error, failed }: { error: unknown; failed?: string }) {
  const { cursoId = "" } = useParams();
  const other = failed ? () => ({ title: failed }) : undefined;
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{ 404: ({ message }) => ({ title: message ?? CLASS_NOT_FOUND }) }}
      defaultStatusHandler={other}
      unexpectedErrorHandler={other}
      back={{ href: `/docente/cursos/${cursoId}/clases`, label: "← Volver a las clases" }}
    />
  );
}
