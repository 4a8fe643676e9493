// 'Finalizar curso' on the course page (docs/product.md#certificates): a plain POST form; once a
// certificate exists, the congratulation, 'Ver certificado' and its direct link to copy.
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { CertificateLink } from "./components/certificate-link.tsx";
import { CopyUrlField } from "./components/copy-url-field.tsx";

export type FinishPanelCertificate = { codigo: string; diplomaUrl: string };

/** Where the course's finish form posts (also 'Obtener certificado' in 'Mis cursos'). */
export function finishActionPath(courseId: string) {
  return `/cursos/${courseId}/finalizar`;
}

export function FinishCoursePanel({
  courseId,
  certificate,
  canFinish,
  className = "",
}: {
  courseId: string;
  certificate: FinishPanelCertificate | null;
  /** Show the 'Finalizar curso' button (e.g. the viewer is enrolled, or not signed in yet). */
  canFinish: boolean;
  className?: string;
}) {
  if (certificate) return <CertificateLinks certificate={certificate} className={className} />;
  if (!canFinish) return null;
  return <FinishForm courseId={courseId} className={className} />;
}

function FinishForm({ courseId, className }: { courseId: string; className: string }) {
  const navigation = useNavigation();
  const action = finishActionPath(courseId);
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <Form method="post" action={action} className={className}>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? "Finalizando..." : "Finalizar curso"}
      </button>
    </Form>
  );
}

function CertificateLinks({ certificate, className }: { certificate: FinishPanelCertificate; className: string }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-xl border border-green-200 bg-green-50 p-4 text-slate-900 ${className}`}
    >
      <h2 id={headingId} className="text-lg font-semibold text-green-800">
        ¡Felicitaciones! Completaste el curso.
      </h2>
      <p className="mt-1 text-sm text-slate-700">Tu certificado está listo.</p>
      <p className="mt-3">
        <CertificateLink href={certificate.diplomaUrl} className="btn-primary w-full" />
      </p>
      <CopyUrlField url={certificate.diplomaUrl} label="Enlace directo al certificado" className="mt-3" />
      <p className="mt-1 text-xs text-slate-600">Código de verificación: {certificate.codigo}</p>
    </section>
  );
}
