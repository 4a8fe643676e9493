// 'Importar lista' of a class (docs/product.md#importing-a-list-into-a-class): 'Revisar lista', then
// 'Confirmar importación' sends the very text again, checked again on the server. Plain POST round trips.
import { ListFields, SchoolConsentField } from "~/features/accounts/import/components/list-fields.tsx";
import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { AdminTable } from "~/components/ui/admin-table.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { ClassErrorBoundary } from "~/features/classes/components/class-breadcrumbs.tsx";
import { requireClassManager } from "~/features/classes/guards.server.ts";
import {
  confirmClassImport,
  previewClassImport,
  type ClassImportPreview,
  type ClassPreviewRow,
} from "~/features/classes/import.server.ts";
import { readClassImportRequest } from "~/features/classes/import-schema.ts";
import { CLASS_IMPORT_DONE, IMPORT_LINK_LABEL, PREVIEW_SUMMARY } from "~/features/classes/import-texts.ts";
import { CARDS_TITLE } from "~/features/classes/texts.ts";
import { formatClassCode } from "~/features/classes/codes.ts";
import { failureHeaders } from "~/lib/failure.ts";
import { getCourseTitle } from "~/features/courses/admin-courses.server.ts";
import type { Route } from "./+types/import";

type ActionData =
  | {
      kind: "form";
      error: string | null;
      preview: ClassImportPreview | null;
      text: string;
      autorizacionColegio: boolean;
    }
  | { kind: "done"; message: string; sinCorreo: number };

export const meta: Route.MetaFunction = () => [{ title: IMPORT_LINK_LABEL }];

export async function loader(args: Route.LoaderArgs) {
  const { clase } = await requireClassManager(args, args.params.cursoId, args.params.claseId);
  const course = await getCourseTitle(clase.cursoId);
  const { id, cursoId, nombre, codigo } = clase;
  return { clase: { id, cursoId, nombre, codigo }, titulo: course?.titulo ?? "" };
}

export async function action(args: Route.ActionArgs) {
  const { user, clase } = await requireClassManager(args, args.params.cursoId, args.params.claseId);
  const request = args.request;
  const read = await readClassImportRequest(request);
  if (!read.ok) {
    return data<ActionData>(
      { kind: "form", error: read.message, preview: null, text: "", autorizacionColegio: false },
      { status: read.status },
    );
  }
  const { text, rows, autorizacionColegio, confirmar, huella } = read;
  if (!confirmar) {
    const previewed = await previewClassImport(user, clase, rows, text, { autorizacionColegio });
    if (!previewed.ok) {
      return data<ActionData>(
        { kind: "form", error: previewed.message, preview: null, text, autorizacionColegio },
        { status: previewed.status, headers: failureHeaders(previewed) },
      );
    }
    return data<ActionData>({ kind: "form", error: null, preview: previewed.preview, text, autorizacionColegio });
  }
  const outcome = await confirmClassImport(user, clase, rows, text, { autorizacionColegio, huella }, request);
  if (!outcome.ok) {
    return data<ActionData>(
      { kind: "form", error: outcome.message, preview: outcome.preview, text, autorizacionColegio },
      { status: outcome.status },
    );
  }
  return data<ActionData>({ kind: "done", message: CLASS_IMPORT_DONE(outcome), sinCorreo: outcome.sinCorreo });
}

function stateLabel(fila: ClassPreviewRow): string {
  if (fila.estado === "miembro") return "Ya está en la clase";
  if (!fila.sinCorreo) return "Se creará la cuenta o se invitará a la persona";
  return fila.rut
    ? "Se creará una cuenta sin correo (con usuario y tarjeta de acceso) o se invitará a quien tenga ese RUT"
    : "Se creará una cuenta sin correo (con usuario y tarjeta de acceso)";
}

const PREVIEW_COLUMNS = [
  { label: "Línea" },
  { label: "Correo" },
  { label: "Nombre" },
  { label: "RUT" },
  { label: "Resultado" },
] as const;

/** With the list's 'Curso' column, shown beside the RUT (docs/decisions/041). */
const PREVIEW_COLUMNS_CURSO = [...PREVIEW_COLUMNS.slice(0, 4), { label: "Curso" }, PREVIEW_COLUMNS[4]];

const TONE = { agregar: "green", miembro: "amber" } as const;

export default function ClassImport({ loaderData, actionData }: Route.ComponentProps) {
  const { clase, titulo } = loaderData;
  const here = `/docente/cursos/${clase.cursoId}/clases/${clase.id}`;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const sent = actionData?.kind === "form" ? actionData : null;
  const done = actionData?.kind === "done" ? actionData : null;
  const preview = sent?.preview ?? null;
  const result = useResultInView(done);
  const withCurso = preview?.filas.some((f) => f.curso !== null) ?? false;
  const canConfirm = preview !== null && preview.resumen.errores === 0 && preview.resumen.agregar > 0;
  return (
    <section>
      <p className="no-print">
        <Link to={here} className="text-sm font-medium text-brand-700 hover:underline">
          ← Volver a la clase
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Importar lista</h1>
      <p className="mt-1 text-sm text-slate-600">
        {clase.nombre} · {titulo} · Código {formatClassCode(clase.codigo)}
      </p>

      {done ? (
        <>
          <p
            ref={result}
            role="status"
            className="mt-4 max-w-3xl scroll-mt-24 rounded-md bg-green-50 p-3 text-sm text-green-900"
          >
            {done.message}
          </p>
          {done.sinCorreo > 0 ? (
            <p className="mt-4 max-w-3xl text-sm text-slate-700">
              {done.sinCorreo === 1 ? "La cuenta sin correo tiene" : `Las ${done.sinCorreo} cuentas sin correo tienen`}
              {" un usuario y una tarjeta de acceso con un código QR para entrar. "}
              <Link to={`${here}/tarjetas`} className="font-semibold text-brand-700 hover:underline">
                Imprimir las {CARDS_TITLE.toLowerCase()}
              </Link>
            </p>
          ) : null}
          <p className="mt-6">
            <Link to={`${here}/importar`} className="btn-secondary">
              Importar otra lista
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="mt-2 max-w-3xl text-sm text-slate-600">
            Una persona por línea: correo; nombre; apellido y, si quieres, rut; fecha de nacimiento (dd-mm-aaaa). Puedes
            pegar celdas copiadas de una planilla o subir la planilla (Excel .xlsx o csv), con o sin encabezados; la
            nómina de SIGE sirve tal cual (RUN, apellido paterno, apellido materno, nombres). Quien no tiene correo
            puede ir con el correo vacío: se le crea una cuenta con un usuario y una tarjeta de acceso para imprimir. A
            quien ya tiene cuenta en la academia le llega una invitación, y entra a la clase cuando la acepta. Primero
            verás qué pasará con cada fila; nada se guarda hasta que confirmes.
          </p>
          <Form method="post" encType="multipart/form-data" className="card mt-6 max-w-3xl space-y-4 p-6">
            <ListFields
              sent={sent}
              placeholder={"sofia.nunez@colegio.cl;Sofía;Núñez;12.345.678-5;05-03-2012\n;Tomás;Rojas"}
            />
            <SchoolConsentField sent={sent} />
            <button type="submit" name="confirmar" value="false" className="btn-primary" disabled={busy}>
              {busy ? "Revisando..." : "Revisar lista"}
            </button>
          </Form>

          {preview ? (
            <section aria-labelledby="vista-previa" className="mt-8">
              <h2 id="vista-previa" className="text-xl font-semibold text-slate-900">
                Vista previa
              </h2>
              <p className="mt-1 text-sm text-slate-700" role="status">
                {PREVIEW_SUMMARY(preview.resumen)}
                {preview.resumen.errores > 0 ? " Corrige la lista y revísala de nuevo: nada se guardó." : ""}
              </p>
              {canConfirm ? (
                <Form method="post" encType="multipart/form-data" className="mt-4">
                  <input type="hidden" name="lista" value={sent!.text} />
                  <input type="hidden" name="autorizacionColegio" value={String(sent!.autorizacionColegio)} />
                  <input type="hidden" name="huella" value={preview.huella} />
                  <button type="submit" name="confirmar" value="true" className="btn-primary" disabled={busy}>
                    {busy ? "Importando..." : "Confirmar importación"}
                  </button>
                </Form>
              ) : null}
              <AdminTable
                columns={withCurso ? PREVIEW_COLUMNS_CURSO : PREVIEW_COLUMNS}
                minWidth="min-w-[640px]"
                className="card mt-4 overflow-x-auto"
                caption="Filas de la lista"
              >
                {preview.filas.map((fila) => (
                  <tr key={fila.linea} className={fila.estado === "error" ? "bg-red-50" : ""}>
                    <td data-label="Línea" className="px-3 py-2">
                      {fila.linea}
                    </td>
                    <td data-label="Correo" className="px-3 py-2 break-all">
                      {fila.correo || "(sin correo)"}
                    </td>
                    <td data-label="Nombre" className="px-3 py-2">
                      {`${fila.nombre} ${fila.apellido}`.trim()}
                    </td>
                    <td data-label="RUT" className="px-3 py-2 whitespace-nowrap">
                      {fila.rutFormateado ?? ""}
                    </td>
                    {withCurso ? (
                      <td data-label="Curso" className="px-3 py-2">
                        {fila.curso ?? ""}
                      </td>
                    ) : null}
                    <td data-label="Resultado" className="px-3 py-2">
                      {fila.estado === "error" ? (
                        <span className="text-red-800">
                          error: {fila.motivo} (línea {fila.linea})
                        </span>
                      ) : (
                        <Badge tone={TONE[fila.estado]}>{stateLabel(fila)}</Badge>
                      )}
                    </td>
                  </tr>
                ))}
              </AdminTable>
            </section>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * With JavaScript the answer replaces the form where the page was scrolled to (far down on a phone):
 * each new answer is brought to the top, below the sticky header. Without it the answer is a new page.
 */
function useResultInView(done: unknown) {
  const result = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) result.current?.scrollIntoView({ block: "start" });
  }, [done]);
  return result;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ClassErrorBoundary error={error} />;
}
