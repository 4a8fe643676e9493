// 'Finalizar curso' on the course page (docs/product.md#certificates). A plain POST form (the server decides and
// answers with a flash message), so it works without JavaScript. Once a certificate exists:
// a congratulation, 'Ver Certificado' (new tab), the direct link in a read-only field and
// 'Copiar URL' (only after hydration; without JS the field is selectable).
// Browser-safe: imports no server modules.
import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { URL_COPIED, URL_COPY_FAILED } from "./messages.ts";
import { useHydrated } from "~/components/ui/use-hydrated.ts";

export type FinishPanelCertificate = { codigo: string; diplomaUrl: string };

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
  const fieldId = useId();
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const [status, setStatus] = useState<"" | "ok" | "error">("");
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(""), 3000);
    return () => clearTimeout(timer);
  }, [status]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(certificate.diplomaUrl);
      setStatus("ok");
    } catch {
      input.current?.select();
      setStatus("error");
    }
  }

  return (
    <section
      aria-labelledby={`${fieldId}-titulo`}
      className={`rounded-xl border border-green-200 bg-green-50 p-4 text-slate-900 ${className}`}
    >
      <h2 id={`${fieldId}-titulo`} className="text-lg font-semibold text-green-800">
        ¡Felicitaciones! Completaste el curso.
      </h2>
      <p className="mt-1 text-sm text-slate-700">Tu certificado está listo.</p>
      <p className="mt-3">
        <a href={certificate.diplomaUrl} target="_blank" rel="noopener noreferrer" className="btn-primary w-full">
          Ver Certificado
        </a>
      </p>
      <label htmlFor={fieldId} className="mt-3 block text-sm font-medium text-slate-700">
        Enlace directo al certificado
      </label>
      <div className="mt-1 flex gap-2">
        <input
          ref={input}
          id={fieldId}
          type="text"
          readOnly
          value={certificate.diplomaUrl}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          aria-describedby={statusId}
        />
        {hydrated ? (
          <button type="button" onClick={copy} className="btn-secondary px-3 py-1 text-sm">
            Copiar URL
          </button>
        ) : null}
      </div>
      <p id={statusId} role="status" aria-live="polite" className="mt-1 min-h-5 text-sm">
        {status === "ok" ? <span className="text-green-700">{URL_COPIED}</span> : null}
        {status === "error" ? <span className="text-red-700">{URL_COPY_FAILED}</span> : null}
      </p>
      <p className="mt-1 text-xs text-slate-500">Código de verificación: {certificate.codigo}</p>
    </section>
  );
}
