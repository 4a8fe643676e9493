import { Form, Link, useLocation, useNavigation } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { panelOfPath, requirePanelOfPath } from "~/features/accounts/guards.server.ts";
import {
  countOutdatedNames,
  holderName,
  listMyCertificates,
  updateNameOnCertificates,
} from "~/features/certificates/certificates.server.ts";
import { CertificateLink } from "~/features/certificates/components/certificate-link.tsx";
import { CopyUrlField } from "~/features/certificates/components/copy-url-field.tsx";
import {
  MY_CERTIFICATES_EMPTY,
  MY_CERTIFICATES_LOAD_FAILED,
  NAME_UPDATE_FAILED,
  NAME_UPDATE_HOW,
  nameOutdated,
  nameUpdated,
  UPDATE_NAME_BUTTON,
} from "~/features/certificates/texts.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { formatDate } from "~/lib/dates.ts";
import { pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/certificates";
import { formatHours } from "~/lib/hours.ts";
import { log } from "~/lib/log.server.ts";

// 'Mis certificados' (docs/product.md#my-certificates) in each panel; guarded here too.
export async function loader(args: Route.LoaderArgs) {
  const user = await requirePanelOfPath(args);
  const [list, outdated] = await Promise.all([
    listMyCertificates(user.id, pageFrom(args.request.url)),
    countOutdatedNames(user),
  ]);
  return { ...list, outdated, currentName: holderName(user), panel: panelOfPath(args.request) };
}

/** intent=actualizar-nombre: the certificates that print another name get the current one. */
export async function action(args: Route.ActionArgs) {
  const user = await requirePanelOfPath(args);
  const { request } = args;
  const here = `/${panelOfPath(request)}/certificates`;
  const form = await readForm(request);
  if (form.get("intent") !== "actualizar-nombre") {
    return redirectWithFlash(request, here, { type: "error", message: "Solicitud inválida." });
  }
  try {
    const outcome = await updateNameOnCertificates(user, request);
    return redirectWithFlash(
      request,
      here,
      outcome.ok
        ? { type: "success", message: nameUpdated(outcome.updated) }
        : { type: "error", message: outcome.message },
    );
  } catch (error) {
    log.error({ err: error }, "No se pudo actualizar el nombre de los certificados");
    return redirectWithFlash(request, here, { type: "error", message: NAME_UPDATE_FAILED });
  }
}

export default function MyCertificates({ loaderData }: Route.ComponentProps) {
  const { certificates, page, pageCount, outdated, currentName, panel } = loaderData;
  const sending = useNavigation().state === "submitting";
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">Mis certificados</h1>
      {outdated > 0 ? (
        <div className="card mt-6 border-amber-300 bg-amber-50 p-5">
          <p className="font-medium text-slate-900">{nameOutdated(outdated, currentName)}</p>
          <p className="mt-1 text-sm text-slate-700">{NAME_UPDATE_HOW}</p>
          <Form method="post" className="mt-3">
            <button type="submit" name="intent" value="actualizar-nombre" className="btn-primary" disabled={sending}>
              {sending ? "Actualizando…" : UPDATE_NAME_BUTTON}
            </button>
          </Form>
        </div>
      ) : null}
      {certificates.length === 0 ? (
        <div className="card mt-6 p-6 text-slate-700">
          <p>{MY_CERTIFICATES_EMPTY}</p>
          <p className="mt-4">
            <Link to={`/${panel}/courses`} className="btn-primary">
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
  const { pathname } = useLocation();
  const failed = () => ({ title: MY_CERTIFICATES_LOAD_FAILED });
  return (
    <GeneralErrorBoundary
      error={error}
      defaultStatusHandler={failed}
      unexpectedErrorHandler={failed}
      back={{ href: pathname, label: "Reintentar" }}
    />
  );
}
