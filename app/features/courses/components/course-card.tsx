import { Link } from "react-router";
import { audienceLabel } from "../audience.ts";
import type { CourseCardData } from "../courses.server.ts";
import { EnrolButton } from "./enrol-button.tsx";

function formatHours(hours: number | null) {
  if (hours === null || !Number.isFinite(hours)) return null;
  return `${hours.toLocaleString("es-CL")} ${hours === 1 ? "hora" : "horas"}`;
}

/** A course in a list (docs/product.md#course-lists): badge, image, title, hours, tools, learning, 'Comenzar Curso'. */
export function CourseCard({ course, action }: { course: CourseCardData; action?: React.ReactNode }) {
  const hours = formatHours(course.duracionHoras);
  return (
    <article className="card relative flex flex-col overflow-hidden transition-shadow hover:shadow-md">
      <div className="relative aspect-video bg-brand-50">
        {course.imagenUrl ? (
          <img
            src={course.imagenUrl}
            alt=""
            loading="lazy"
            decoding="async"
            width={640}
            height={360}
            className="h-full w-full object-cover"
          />
        ) : null}
        <span
          className={
            "absolute left-3 top-3 rounded-full bg-white/95 " + "px-3 py-1 text-xs font-semibold text-brand-800 shadow"
          }
        >
          {audienceLabel(course.dirigidoA)}
        </span>
        {course.estado !== "publicado" ? (
          <span
            className={
              "absolute right-3 top-3 rounded-full bg-amber-100 " + "px-3 py-1 text-xs font-semibold text-amber-900"
            }
          >
            Borrador
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className="text-lg font-semibold leading-snug text-slate-900">
          {/* The whole card opens the course; the link's box covers it. */}
          <Link to={`/cursos/${course.id}`} className="after:absolute after:inset-0 after:content-['']">
            {course.titulo}
          </Link>
        </h3>
        {hours ? <p className="text-sm text-slate-600">Duración: {hours}</p> : null}
        {course.herramientas.length > 0 ? (
          <div>
            <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Herramientas</h4>
            <ul className="mt-1 flex flex-wrap gap-1">
              {course.herramientas.slice(0, 6).map((tool) => (
                <li key={tool} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                  {tool}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {course.loAprenderan.length > 0 ? (
          <div>
            <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Lo que aprenderás</h4>
            <ul className="mt-1 list-inside list-disc text-sm text-slate-700">
              {course.loAprenderan.slice(0, 3).map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="relative z-10 mt-auto pt-2">{action ?? <EnrolButton courseId={course.id} />}</div>
      </div>
    </article>
  );
}
