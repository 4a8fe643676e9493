// /certificados/{codigo}: public verification of a certificate (docs/product.md#certificates). Anyone, signed in
// or not, sees the holder, the course, the date and that it is valid.
import { GeneralErrorBoundary } from "~/components/general-error-boundary.tsx";
import { getCertificateByCode } from "~/features/certificates/certificates.server.ts";
import { CertificateLink } from "~/features/certificates/components/certificate-link.tsx";
import {
  CERTIFICATE_NOT_FOUND,
  CERTIFICATE_REVOKED,
  nameUpdatedOn,
  VERIFY_CODE_UNKNOWN,
} from "~/features/certificates/texts.ts";
import { formatDate } from "~/lib/dates.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/verify";
import { formatHours } from "~/lib/hours.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Verificación de certificado");

export async function loader({ params }: Route.LoaderArgs) {
  const certificado = await getCertificateByCode(params.codigo);
  invariantResponse(certificado, CERTIFICATE_NOT_FOUND, { status: 404 });
  return { certificado, valido: certificado.revocadoEn === null };
}

export default function VerifyCertificate({ loaderData }: Route.ComponentProps) {
  const c = loaderData.certificado;
  const hours = formatHours(c.duracionHoras);
  if (c.revocadoEn) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Verificación de certificado</p>
        <div className="card mt-4 p-6">
          <h1 className="text-2xl font-bold text-slate-900">{CERTIFICATE_REVOKED}</h1>
          <dl className="mt-4 grid gap-3 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
            <dt className="font-medium text-slate-500">Curso</dt>
            <dd className="text-slate-900">{c.tituloCurso}</dd>
            <dt className="font-medium text-slate-500">Fecha de revocación</dt>
            <dd className="text-slate-900">{formatDate(c.revocadoEn)}</dd>
            <dt className="font-medium text-slate-500">Código</dt>
            <dd className="font-mono text-slate-900">{c.codigo}</dd>
          </dl>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Verificación de certificado</p>
      <div className="card mt-4 p-6">
        <p
          className={
            "inline-flex items-center gap-2 rounded-full bg-green-100 " +
            "px-3 py-1 text-sm font-semibold text-green-800"
          }
        >
          <span aria-hidden="true">✓</span> Certificado válido
        </p>
        {/* The holder once, as the page's heading; the list below says what they completed. */}
        <p className="mt-4 text-sm font-medium text-slate-600">Titular</p>
        <h1 className="text-2xl font-bold text-slate-900">{c.nombreTitular}</h1>
        {c.nombreActualizadoEn ? (
          <p className="mt-1 text-sm text-slate-600">{nameUpdatedOn(formatDate(c.nombreActualizadoEn))}</p>
        ) : null}
        <dl className="mt-4 grid gap-3 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
          <dt className="font-medium text-slate-500">Curso</dt>
          <dd className="text-slate-900">{c.tituloCurso}</dd>
          {hours ? (
            <>
              <dt className="font-medium text-slate-500">Duración</dt>
              <dd className="text-slate-900">{hours}</dd>
            </>
          ) : null}
          <dt className="font-medium text-slate-500">Fecha de emisión</dt>
          <dd className="text-slate-900">{formatDate(c.emitidoEn)}</dd>
          <dt className="font-medium text-slate-500">Código</dt>
          <dd className="font-mono text-slate-900">{c.codigo}</dd>
        </dl>
        <p className="mt-6">
          <CertificateLink href={c.diplomaUrl} />
        </p>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const failed = () => ({
    title: "No se pudo verificar el certificado.",
    detail: "Intenta nuevamente en unos minutos.",
  });
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{ 404: () => ({ title: CERTIFICATE_NOT_FOUND, detail: VERIFY_CODE_UNKNOWN }) }}
      defaultStatusHandler={failed}
      unexpectedErrorHandler={failed}
      back={{ href: "/certificados/verificar", label: "Escribir otro código" }}
    />
  );
}
