import { Form, Link, useNavigation } from "react-router";
import { usePendingIntent } from "~/components/ui/use-pending-intent.ts";
import { ProgressBar } from "~/components/ui/progress-bar.tsx";
import { UrlDialog } from "~/components/ui/url-dialog.tsx";
import { progressStatus } from "~/features/enrolment/progress.ts";
import type { StatusInfo } from "~/components/general-error-boundary.tsx";
import { CertificateLink } from "~/features/certificates/components/certificate-link.tsx";
import { finishActionPath } from "~/features/certificates/finish-course-panel.tsx";
import { GET_CERTIFICATE } from "~/features/certificates/texts.ts";
import { CONTINUE } from "../learner-state.ts";
import { UNENROL_KEEPS_CERTIFICATE } from "~/features/enrolment/texts.ts";
import { useHydrated } from "~/components/ui/use-hydrated.ts";
import { formatDuration } from "~/lib/hours.ts";

const UNENROL_CONFIRM = "¿Seguro quieres eliminar este curso de tu lista?";

export type EnrolledCourse = {
  id: string;
  nombre: string;
  duracion: number | string | null;
  progreso: number;
  /** The certificate of a finished course, if issued. */
  certificado?: { codigo: string; pdfUrl: string } | null;
  /** Where 'Continuar' leads (the module to take, opened by the server); null for a finished course. */
  continuar?: string | null;
};

function StatusBadge({ progreso, finished }: { progreso: number; finished: boolean }) {
  const status = finished ? "Finalizado" : progressStatus(progreso);
  const tone = status === "Finalizado" ? "bg-green-100 text-green-800" : "bg-amber-100 text-amber-900";
  return <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{status}</span>;
}

/**
 * The remove control. Without JavaScript (and until hydration) it is a link to ?eliminar=ID,
 * which renders a confirmation step; with JavaScript it posts directly after confirm().
 */
function RemoveButton({ course, action, busy }: { course: EnrolledCourse; action: string; busy: boolean }) {
  const hydrated = useHydrated();
  const label = `Eliminar ${course.nombre} de mi lista`;
  if (!hydrated) {
    return (
      <Link
        to={`?eliminar=${encodeURIComponent(course.id)}`}
        preventScrollReset
        aria-label={label}
        className="btn-ghost px-3 py-1 text-red-700 hover:bg-red-50"
      >
        Eliminar
      </Link>
    );
  }
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      onSubmit={(event) => {
        const question = course.certificado ? `${UNENROL_CONFIRM}\n\n${UNENROL_KEEPS_CERTIFICATE}` : UNENROL_CONFIRM;
        if (!window.confirm(question)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="unenrol" />
      <input type="hidden" name="courseId" value={course.id} />
      <button
        type="submit"
        aria-label={label}
        className="btn-ghost px-3 py-1 text-red-700 hover:bg-red-50"
        disabled={busy}
      >
        {busy ? "Eliminando..." : "Eliminar"}
      </button>
    </Form>
  );
}

/** 'Obtener certificado' on a course at 100 % without its certificate: the course page's 'Finalizar curso' POST. */
function GetCertificateButton({ course }: { course: EnrolledCourse }) {
  const navigation = useNavigation();
  const action = finishActionPath(course.id);
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <Form method="post" action={action} className="mr-auto">
      <button type="submit" className="btn-primary px-3 py-1" disabled={busy}>
        {busy ? "Finalizando..." : GET_CERTIFICATE}
        <span className="sr-only">{` de ${course.nombre}`}</span>
      </button>
    </Form>
  );
}

/**
 * One's enrolled courses (docs/product.md#enrolled-courses), on /user, /user/courses and /docente.
 * `action` is the page's own action URL; `closeHref` the page without ?eliminar.
 */
export function EnrolledCourseList({
  courses,
  toRemove,
  action,
  closeHref,
  headingLevel = 2,
}: {
  courses: EnrolledCourse[];
  toRemove: EnrolledCourse | null;
  action: string;
  closeHref: string;
  /** Level of each course's heading (2 under the page's h1, 3 under an h2). */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  const pending = usePendingIntent();
  // Both forms here (leave, confirm leaving) are POSTs carrying the course's id.
  const busy = (courseId: string) => pending({ courseId }, { untilLoaded: true });

  if (courses.length === 0) {
    return (
      <div className="card p-6 text-slate-700">
        <p>Aún no te has inscrito en ningún curso. ¡Hay varios gratuitos esperándote!</p>
        <p className="mt-4">
          <Link to="/cursos" className="btn-primary">
            Explorar cursos
          </Link>
        </p>
      </div>
    );
  }

  return (
    <>
      <ul aria-label="Mis cursos" className="grid gap-4 sm:grid-cols-2">
        {courses.map((course) => (
          <li key={course.id} className="card relative flex flex-col p-5 transition-shadow hover:shadow-md">
            <div className="flex items-start justify-between gap-3">
              <Heading className="font-semibold text-slate-900">
                <Link
                  to={`/cursos/${course.id}`}
                  className="after:absolute after:inset-0 after:content-[''] hover:underline"
                >
                  {course.nombre}
                </Link>
              </Heading>
              <StatusBadge progreso={course.progreso} finished={!!course.certificado} />
            </div>
            <p className="mt-1 text-sm text-slate-600">Duración: {formatDuration(course.duracion)}</p>
            <div className="mt-4">
              <ProgressBar value={course.progreso} label={`Avance en ${course.nombre}`} />
            </div>
            <div className="relative z-10 mt-4 flex flex-wrap items-center justify-end gap-2">
              {course.continuar ? (
                <Link to={course.continuar} className="btn-primary mr-auto px-3 py-1">
                  {CONTINUE}
                  <span className="sr-only">{` con ${course.nombre}`}</span>
                </Link>
              ) : null}
              {course.certificado ? (
                <CertificateLink href={course.certificado.pdfUrl} className="btn-secondary mr-auto px-3 py-1">
                  Ver certificado<span className="sr-only">{` de ${course.nombre}`}</span>
                </CertificateLink>
              ) : progressStatus(course.progreso) === "Finalizado" ? (
                <GetCertificateButton course={course} />
              ) : null}
              <RemoveButton course={course} action={action} busy={busy(course.id)} />
            </div>
          </li>
        ))}
      </ul>

      {toRemove ? (
        <UrlDialog title={UNENROL_CONFIRM} closeHref={closeHref}>
          <p className="text-sm text-slate-700">
            Se quitará <strong>{toRemove.nombre}</strong> de tu lista de cursos.
          </p>
          <p className="mt-2 text-sm text-slate-700">
            {toRemove.certificado
              ? UNENROL_KEEPS_CERTIFICATE
              : "Tus resultados en las evaluaciones se conservan si vuelves a inscribirte."}
          </p>
          <div className="mt-5 flex justify-end gap-2">
            <Link to={closeHref} replace preventScrollReset className="btn-ghost">
              Cancelar
            </Link>
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="unenrol" />
              <input type="hidden" name="courseId" value={toRemove.id} />
              <button type="submit" className="btn-danger" disabled={busy(toRemove.id)}>
                Sí, eliminar
              </button>
            </Form>
          </div>
        </UrlDialog>
      ) : null}
    </>
  );
}

/** What the pages' ErrorBoundary shows when the list cannot be loaded (docs/product.md#texts-courses-and-enrolment). */
export function enrolledCoursesError(title: string, retryHref: string) {
  const failed = (statusText: string) => ({ title, detail: `Error al cargar cursos: ${statusText}`, alert: true });
  return {
    defaultStatusHandler: ({ status, statusText, message }: StatusInfo) =>
      failed(message || statusText || `HTTP ${status}`),
    unexpectedErrorHandler: () => failed("Error inesperado"),
    back: { href: retryHref, label: "Reintentar" },
  };
}
