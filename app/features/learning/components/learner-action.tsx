import { Link } from "react-router";
import { ProgressBar } from "~/components/ui/progress-bar.tsx";
import { CertificateLink } from "~/features/certificates/components/certificate-link.tsx";
import { CONTINUE, FINISHED, type LearnerState } from "~/features/learning/learner-state.ts";
import { EnrolButton } from "~/features/enrolment/components/enrol-button.tsx";

/**
 * A card's call to action for the signed-in learner (docs/product.md#learner-state): 'Comenzar
 * Curso' (not enrolled, and for every visitor), 'Continuar' with the progress (enrolled),
 * 'Finalizado ✓' with 'Ver certificado' (certificate issued), or, for a course this person may
 * not take, who it is for and why ('Para docentes').
 */
export function LearnerAction({
  course,
  state,
}: {
  course: { id: string; titulo: string };
  state: LearnerState | undefined;
}) {
  if (!state) return <EnrolButton courseId={course.id} />;
  if (state.estado === "otro-publico") {
    // No button the server would refuse: who the course is for, and why.
    return (
      <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
        <strong className="block font-semibold text-slate-900">{state.para}</strong>
        {state.motivo}
      </p>
    );
  }
  if (state.estado === "finalizado") {
    return (
      <div className="space-y-2">
        <p className="text-sm font-semibold text-green-800">{FINISHED}</p>
        <CertificateLink href={state.certificado.pdfUrl} className="btn-secondary w-full" />
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <ProgressBar value={state.progreso} label={`Avance en ${course.titulo}`} />
      <Link to={`/cursos/${course.id}`} className="btn-primary w-full">
        {CONTINUE}
        <span className="sr-only">{` con ${course.titulo}`}</span>
      </Link>
    </div>
  );
}
