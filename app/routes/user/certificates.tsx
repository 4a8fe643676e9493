import { Link } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { requirePanelUser } from "~/features/auth/guards.server.ts";
import { listMyCertificates } from "~/features/certificates/certificates.server.ts";
import { CertificateLink } from "~/features/certificates/components/certificate-link.tsx";
import { CopyUrlField } from "~/features/certificates/components/copy-url-field.tsx";
import { MY_CERTIFICATES_EMPTY, MY_CERTIFICATES_LOAD_FAILED } from "~/features/certificates/messages.ts";
import { formatDate } from "~/lib/dates.ts";
import { pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/certificates";
import { formatHours } from "~/lib/hours.ts";

// /user/certificates: 'Mis certificados' (docs/product.md#my-certificates); guarded here too.
export async function loader(args: Route.LoaderArgs) {
  const user = await requirePanelUser(args);
  return listMyCertificates(user.id, pageFrom(args.request.url));
}

export default function MyCertificates({ loaderData }: Route.ComponentProps) {
  const { certificates, page, pageCount } = loaderData;
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">Mis certificados</h1>
      {certificates.length === 0 ? (
        <div className="card mt-6 p-6 text-slate-700">
          <p>{MY_CERTIFICATES_EMPTY}</p>
          <p className="mt-4">
            <Link to="/user/courses" className="btn-primary">
              Ver mis cursos
            </Link>
          </p>
        </div>
      ) : (
        <ul aria-label="Mis certificados" className="mt-6 grid gap-4">
          {certificates.map((c) => {
            const hours = formatHours(c.duracionHoras);
            return (
              <li key={c.codigo} className="card p-5">
                <h2 className="font-semibold text-slate-900">{c.tituloCurso}</h2>
                <p className="mt-1 text-sm text-slate-600">
                  Emitido el {formatDate(c.emitidoEn)}
                  {hours ? ` · ${hours}` : null}
                </p>
                <p className="mt-3 flex flex-wrap gap-2">
                  <CertificateLink href={c.pdfPath} className="btn-primary px-3 py-1">
                    Ver certificado<span className="sr-only">{` de ${c.tituloCurso}`}</span>
                  </CertificateLink>
                  <Link to={c.verificacionPath} className="btn-secondary px-3 py-1">
                    Página de verificación<span className="sr-only">{` de ${c.tituloCurso}`}</span>
                  </Link>
                </p>
                <CopyUrlField
                  url={c.verificacionUrl}
                  label={`Enlace de verificación de ${c.tituloCurso}`}
                  className="mt-3"
                />
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const failed = () => ({ title: MY_CERTIFICATES_LOAD_FAILED });
  return (
    <GeneralErrorBoundary
      error={error}
      defaultStatusHandler={failed}
      unexpectedErrorHandler={failed}
      back={{ href: "/user/certificates", label: "Reintentar" }}
    />
  );
}
