import { Link } from "react-router";
import { formatHours } from "~/lib/hours.ts";
import { audienceLabel } from "~/features/courses/audience.ts";
import type { CourseCardData } from "~/features/courses/courses.server.ts";
import type { LearnerState } from "~/features/learning/learner-state.ts";
import { LearnerAction } from "./learner-action.tsx";

/**
 * A course in a list (docs/product.md#course-lists), styled by app.css's `course-card*` classes
 * (not the utilities repeated in every card). `headingLevel`: the title's level (the tools and
 * learning one below). `priority`: the first card, whose image is the largest paint, loads first.
 */
export function CourseCard({
  course,
  learner,
  headingLevel = 2,
  priority = false,
}: {
  course: CourseCardData;
  /** The signed-in viewer's state in this course (none: 'Comenzar Curso'). */
  learner?: LearnerState;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  const hours = formatHours(course.duracionHoras);
  const Title = headingLevel === 3 ? "h3" : "h2";
  const Label = headingLevel === 3 ? "h4" : "h3";
  return (
    <article className="course-card">
      <div className="course-card-media">
        {course.imagenUrl ? (
          <img
            src={course.imagenUrl}
            alt=""
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : undefined}
            decoding="async"
            width={640}
            height={360}
          />
        ) : null}
        <span className="course-card-badge">{audienceLabel(course.dirigidoA)}</span>
        {course.estado !== "publicado" ? <span className="course-card-draft">Borrador</span> : null}
      </div>
      <div className="course-card-body">
        <Title className="course-card-title">
          {/* The whole card opens the course; the link's box covers it. */}
          <Link to={`/cursos/${course.id}`}>{course.titulo}</Link>
        </Title>
        {hours ? <p className="course-card-meta">Duración: {hours}</p> : null}
        {course.herramientas.length > 0 ? (
          <div>
            <Label className="course-card-label">Herramientas</Label>
            <ul className="course-card-tools">
              {course.herramientas.slice(0, 6).map((tool) => (
                <li key={tool}>{tool}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {course.loAprenderan.length > 0 ? (
          <div>
            <Label className="course-card-label">Lo que aprenderás</Label>
            <ul className="course-card-learn">
              {course.loAprenderan.slice(0, 3).map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="course-card-action">
          <LearnerAction course={course} state={learner} />
        </div>
      </div>
    </article>
  );
}
