// A course's page as its viewer sees it (docs/product.md#course-page): the banner with the
// call to action (enrol, continue, finish), and each module as an accordion with its PDFs,
// links and quiz. The route (routes/courses/detail.tsx) loads it; this file only renders.
import { useEffect, useRef, type ReactNode } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { ProgressBar } from "~/components/ui/progress-bar.tsx";
import { FinishCoursePanel, type FinishPanelCertificate } from "~/features/certificates/finish-course-panel.tsx";
import { CertificateLink } from "~/features/certificates/components/certificate-link.tsx";
import { FINISH_HOW, MATERIALS_AFTER_FINISH, passedQuizzes } from "~/features/certificates/texts.ts";
import { continueHref, CONTINUE, FINISHED, nextModuleIndex } from "~/features/learning/learner-state.ts";
import { OfflineBadge, SaveModuleOffline } from "~/features/offline/components/save-module-offline.tsx";
import { useOfflineMaterial, type OfflineMaterial } from "~/features/offline/use-offline.ts";
import { formatCalendarDate } from "~/lib/dates.ts";
import { formatHours } from "~/lib/hours.ts";
import { formatPercent } from "~/lib/percent.ts";
import { audienceLabel } from "~/features/courses/audience.ts";
import { COURSE_PREPARING } from "~/features/courses/texts.ts";
import type { CourseForViewer } from "../course-view.server.ts";
import { EnrolButton } from "~/features/enrolment/components/enrol-button.tsx";

export function CourseDetail({
  course,
  pdf,
  certificate,
  signedIn,
  notices,
  questions = false,
}: {
  course: CourseForViewer;
  pdf: string | null;
  certificate: FinishPanelCertificate | null;
  signedIn: boolean;
  /** What the course's team tells its learners, above the modules (the route renders it: announcements). */
  notices?: ReactNode;
  /** Whether each module links to its questions: enrolled learners and the team (docs/product.md#module-questions). */
  questions?: boolean;
}) {
  const hours = formatHours(course.duracionHoras);
  // After hydration, with a service worker: which materials this device keeps (decision 014).
  const offline = useOfflineMaterial(course.enrolled && course.materials, `/cursos/${course.id}`);
  return (
    <article>
      <header className="bg-gradient-to-br from-brand-700 to-brand-800 text-white">
        <div
          className={
            "mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-10 " +
            "md:grid-cols-[minmax(0,1fr)_320px] md:items-center"
          }
        >
          <div>
            <p className="text-sm font-semibold text-brand-100">
              Dirigido a: {audienceLabel(course.dirigidoA)}
              {course.estado !== "publicado" ? (
                <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">Borrador</span>
              ) : null}
              {course.visibilidad === "privado" ? (
                <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs text-slate-800">Privado</span>
              ) : null}
            </p>
            <h1 className="mt-2 text-3xl font-bold leading-tight sm:text-4xl">{course.titulo}</h1>
            {hours ? <p className="mt-2 text-brand-100">Duración: {hours}</p> : null}
            {course.bienvenida ? <p className="mt-4 max-w-2xl text-lg text-white/90">{course.bienvenida}</p> : null}
            {course.fechaInicio || course.fechaTermino ? (
              <p className="mt-3 text-sm text-brand-100">
                Del {formatCalendarDate(course.fechaInicio)} al {formatCalendarDate(course.fechaTermino)}
              </p>
            ) : null}
            <div className="mt-6 max-w-xs">
              <CourseCallToAction course={course} certificate={certificate} />
            </div>
          </div>
          {course.imagenUrl ? (
            <img
              src={course.imagenUrl}
              alt=""
              width={640}
              height={360}
              className="hidden aspect-video w-full rounded-xl object-cover shadow-lg md:block"
            />
          ) : null}
        </div>
      </header>

      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 py-10 md:grid-cols-[minmax(0,1fr)_280px]">
        <div className="min-w-0">
          {notices}
          <section aria-labelledby="modulos" className="min-w-0">
            <h2 id="modulos" className="text-2xl font-bold text-slate-900">
              Módulos
            </h2>
            {!course.materials ? (
              <p className="alert-info mt-3">
                {course.enPreparacion
                  ? COURSE_PREPARING
                  : certificate
                    ? MATERIALS_AFTER_FINISH
                    : "Inscríbete con «Comenzar Curso» para ver los materiales y las evaluaciones de cada módulo."}
              </p>
            ) : null}
            {course.modulos.length === 0 ? (
              <p className="mt-4 text-slate-600">No hay módulos disponibles.</p>
            ) : (
              <div className="mt-4 space-y-3">
                {course.modulos.map((m) => (
                  <ModuleAccordion
                    key={m.id}
                    courseId={course.id}
                    module={m}
                    materials={course.materials}
                    questions={questions}
                    pdf={pdf}
                    offline={offline}
                  />
                ))}
              </div>
            )}
          </section>
        </div>

        <aside className="space-y-8">
          {course.modulos.some((m) => m.tieneQuiz) || certificate ? (
            <section aria-labelledby="certificado" className="card p-4">
              <h2 id="certificado" className="text-lg font-semibold text-slate-900">
                Certificado
              </h2>
              {/* Once issued, the certificate is what this panel is about: no more asking to pass. */}
              {certificate ? null : (
                <>
                  <p className="mt-1 text-sm text-slate-600">{FINISH_HOW}</p>
                  {course.enrolled && course.evaluaciones.total > 0 ? (
                    <div className="mt-3">
                      <ProgressBar value={course.progreso} label="Tu avance en el curso" />
                      <p className="mt-1 text-sm text-slate-600">
                        {passedQuizzes(course.evaluaciones.aprobadas, course.evaluaciones.total)}
                      </p>
                    </div>
                  ) : null}
                </>
              )}
              <FinishCoursePanel
                courseId={course.id}
                certificate={certificate}
                canFinish={course.enrolled || !signedIn}
                className="mt-3"
              />
            </section>
          ) : null}
          {course.herramientas.length > 0 ? (
            <section aria-labelledby="herramientas">
              <h2 id="herramientas" className="text-lg font-semibold text-slate-900">
                Herramientas
              </h2>
              <ul className="mt-2 flex flex-wrap gap-2">
                {course.herramientas.map((tool) => (
                  <li key={tool} className="rounded-md bg-slate-100 px-2 py-1 text-sm text-slate-700">
                    {tool}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {course.loAprenderan.length > 0 ? (
            <section aria-labelledby="aprenderas">
              <h2 id="aprenderas" className="text-lg font-semibold text-slate-900">
                Lo que aprenderás
              </h2>
              <ul className="mt-2 space-y-1 text-sm text-slate-700">
                {course.loAprenderan.map((item) => (
                  <li key={item} className="flex gap-2">
                    <span aria-hidden="true" className="text-brand-600">
                      ✓
                    </span>
                    {item}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>
      </div>
    </article>
  );
}

/**
 * The banner's call to action for this viewer (docs/product.md#learner-state): 'Comenzar Curso';
 * 'Continuar' (to the first module whose quiz is not passed yet) with the progress; or, once the
 * certificate exists, 'Finalizado ✓' and 'Ver certificado' (and 'Comenzar Curso' again for someone
 * who has left the course since, to see its materials).
 */
function CourseCallToAction({
  course,
  certificate,
}: {
  course: CourseForViewer;
  certificate: FinishPanelCertificate | null;
}) {
  // A course for another audience says who it is for and why, instead of a button the server refuses.
  const enrol = course.noPuedeTomar ? (
    <p className="rounded-lg bg-white/10 px-3 py-2 text-sm">
      <strong className="block font-semibold">{course.noPuedeTomar.para}</strong>
      {course.noPuedeTomar.motivo}
    </p>
  ) : (
    <EnrolButton courseId={course.id} className="btn w-full bg-accent-500 text-slate-900 hover:bg-amber-400" />
  );
  if (certificate) {
    return (
      <div className="space-y-3">
        {/* A status, not a control: no button's box around it. */}
        <p className="text-base font-semibold">{FINISHED}</p>
        <CertificateLink
          href={certificate.diplomaUrl}
          className="btn w-full bg-accent-500 text-slate-900 hover:bg-amber-400"
        />
        {course.enrolled ? null : enrol}
      </div>
    );
  }
  if (!course.enrolled) return enrol;
  return (
    <div className="space-y-3">
      {course.evaluaciones.total > 0 ? (
        <p className="text-sm font-semibold text-brand-100">Tu avance: {formatPercent(course.progreso)}</p>
      ) : null}
      {/* ?modulo=N: the server opens the module, with or without JavaScript; #modulo-N scrolls to it. */}
      <Link
        to={continueHref(nextModuleIndex(course.modulos))}
        preventScrollReset
        className="btn w-full bg-accent-500 text-slate-900 hover:bg-amber-400"
      >
        {CONTINUE}
      </Link>
    </div>
  );
}

type ModuleView = CourseForViewer["modulos"][number];

function ModuleAccordion({
  courseId,
  module: m,
  materials,
  questions,
  pdf,
  offline,
}: {
  courseId: string;
  module: ModuleView;
  materials: boolean;
  questions: boolean;
  pdf: string | null;
  offline: OfflineMaterial;
}) {
  const showing = m.archivos.find((f) => f.id === pdf && f.disponible);
  const fileUrl = (fileId: string) => `/cursos/${courseId}/archivos/${fileId}`;
  const offlineFiles = offline.active ? m.archivos.filter((f) => f.disponible).map((f) => fileUrl(f.id)) : [];
  // A module asked for opens: ?modulo=N from the server (no JavaScript needed, e.g. 'Volver al
  // curso' from a quiz), a plain #modulo-N link once JavaScript runs.
  const anchor = `modulo-${m.index + 1}`;
  const asked = useSearchParams()[0].get("modulo") === String(m.index + 1);
  const ref = useRef<HTMLDetailsElement>(null);
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === `#${anchor}` && ref.current) ref.current.open = true;
  }, [hash, anchor]);
  return (
    <details ref={ref} id={anchor} className="card group scroll-mt-20" open={showing || asked ? true : undefined}>
      <summary className="flex list-none items-center justify-between gap-3 px-5 py-4">
        <span className="flex items-center gap-3">
          {m.aprobado ? (
            <span
              className="inline-flex h-6 w-6 items-center justify-center rounded-full bg-green-600 text-sm text-white"
              role="img"
              aria-label="Módulo aprobado"
            >
              ✓
            </span>
          ) : (
            <span
              className={
                "inline-flex h-6 w-6 items-center justify-center " +
                "rounded-full bg-slate-200 text-xs font-semibold text-slate-600"
              }
              aria-hidden="true"
            >
              {m.index + 1}
            </span>
          )}
          <span>
            <span className="font-semibold text-slate-900">{m.titulo}</span>
            {m.fechaLimiteTexto ? (
              <span className="block text-sm text-slate-600">
                Fecha límite: {m.fechaLimiteTexto}
                {m.atrasado ? (
                  <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                    Atrasado
                  </span>
                ) : null}
              </span>
            ) : null}
          </span>
        </span>
        <span aria-hidden="true" className="text-slate-400 transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="space-y-4 border-t border-slate-200 px-5 py-4">
        {m.descripcion ? <p className="text-slate-700">{m.descripcion}</p> : null}
        {materials ? (
          <>
            {m.archivos.length > 0 ? (
              <div>
                <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Material</h3>
                <ul className="mt-2 space-y-3">
                  {m.archivos.map((f) => {
                    const url = fileUrl(f.id);
                    if (!f.disponible) {
                      return (
                        <li key={f.id} className="alert-error">
                          URL inválida o no disponible para: {f.nombre}
                        </li>
                      );
                    }
                    const open = f.id === pdf;
                    return (
                      <li key={f.id} className="rounded-lg border border-slate-200 p-3">
                        <div className="flex flex-wrap items-center justify-between gap-2">
                          <span className="flex flex-wrap items-center gap-2">
                            <span className="font-medium text-slate-800">{f.nombre}</span>
                            {offline.active && offline.kept.has(url) ? <OfflineBadge /> : null}
                          </span>
                          <span className="flex flex-wrap gap-2">
                            {/* The embedded viewer is for wide screens; on a phone 'Abrir PDF' (the
                                phone's own full-screen viewer) is the main action. */}
                            {/* A document load (reloadDocument) for the viewer: only this page's
                                policy allows an <object> (security-headers.server.ts). */}
                            <Link
                              to={open ? `?modulo=${m.index + 1}#${anchor}` : `?pdf=${f.id}#${anchor}`}
                              reloadDocument={!open}
                              preventScrollReset
                              replace
                              className="btn-ghost hidden px-2 py-1 sm:inline-flex"
                            >
                              {open ? "Ocultar PDF" : "Ver PDF"}
                            </Link>
                            <a href={url} target="_blank" rel="noopener noreferrer" className="pdf-open">
                              Abrir PDF
                            </a>
                            <a href={`${url}?descargar=1`} download className="btn-secondary px-2 py-1">
                              Descargar
                            </a>
                          </span>
                        </div>
                        {open ? (
                          <object
                            data={url}
                            type="application/pdf"
                            width="100%"
                            height="600"
                            className="mt-3 hidden h-[600px] w-full rounded border border-slate-200 sm:block"
                          >
                            <embed src={url} type="application/pdf" width="100%" height="600" />
                            <p className="p-3 text-sm">
                              Tu navegador no puede mostrar el PDF aquí.{" "}
                              <a href={url} className="text-brand-700 underline">
                                Ábrelo en una pestaña nueva
                              </a>
                              .
                            </p>
                          </object>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
                {offlineFiles.length > 0 ? (
                  <div className="mt-3">
                    <SaveModuleOffline offline={offline} pageUrl={`/cursos/${courseId}`} fileUrls={offlineFiles} />
                  </div>
                ) : null}
              </div>
            ) : null}
            {m.enlaces.length > 0 ? (
              <div>
                <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Enlaces útiles</h3>
                <ul className="mt-2 space-y-1">
                  {m.enlaces.map((l) => (
                    <li key={l.id}>
                      <a
                        href={l.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="text-brand-700 underline hover:text-brand-800"
                      >
                        {l.nombre}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {m.tieneQuiz ? (
              <Link to={`/cursos/${courseId}/modulos/${m.index}/evaluacion`} className="btn-primary">
                {m.aprobado ? "Repetir evaluación" : "Realizar evaluación"}
              </Link>
            ) : null}
          </>
        ) : null}
        {/* A plain link, no count (decision 028). */}
        {questions ? (
          <p>
            <Link
              to={`/cursos/${courseId}/modulos/${m.index}/preguntas`}
              className="inline-block py-1 font-medium text-brand-700 underline hover:text-brand-800"
            >
              Preguntas del módulo
            </Link>
          </p>
        ) : null}
      </div>
    </details>
  );
}
