// 'Importar usuarios' (docs/product.md#importar-usuarios): 'Revisar lista' writes nothing; the confirmation, all.
import { ListFields, SchoolConsentField } from "~/features/accounts/import/components/list-fields.tsx";
import { data, Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { requireAdmin } from "~/features/accounts/guards.server.ts";
import { roleLabel, SELF_SERVICE_ROLES } from "~/features/accounts/roles.ts";
import { confirmImport, previewImport } from "~/features/accounts/import/import.server.ts";
import { ImportFieldsSchema, readListRequest } from "~/features/accounts/import/schema.ts";
import { IMPORT_DONE } from "~/features/accounts/import/texts.ts";
import { formatRut } from "~/features/accounts/rut.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import type { Route } from "./+types/records-import";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return null;
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const read = await readListRequest(args.request, ImportFieldsSchema);
  if (!read.ok) {
    return data(
      { error: read.message, preview: null, text: "", rol: "estudiante", autorizacionColegio: false },
      { status: read.status },
    );
  }
  const { text, rows, fields } = read;
  const { rol, autorizacionColegio, confirmar, huella = "" } = fields;
  const options = { rol, autorizacionColegio };
  const echo = { text, ...options };
  if (!confirmar) return data({ error: null, preview: await previewImport(rows, text, options), ...echo });
  const outcome = await confirmImport(admin, rows, text, { ...options, huella }, args.request);
  if (!outcome.ok) {
    return data({ error: outcome.message, preview: outcome.preview, ...echo }, { status: outcome.status });
  }
  return redirectWithFlash(args.request, "/admin/records", {
    type: "success",
    message: IMPORT_DONE(outcome.creadas, outcome.existentes),
  });
}

const STATE_LABEL = {
  nueva: "nueva cuenta",
  existe: "ya existe (se deja como está)",
} as const;

export default function RecordsImport({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const sent = actionData ?? null;
  const preview = sent?.preview ?? null;
  const canConfirm = preview !== null && preview.resumen.errores === 0 && preview.resumen.nuevas > 0;
  return (
    <section>
      <p>
        <Link to="/admin/records" className="text-sm text-brand-700 hover:underline">
          ← Volver a Registros
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Importar usuarios</h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">
        Una persona por línea: <strong>correo; nombre; apellido</strong> y, si quieres,{" "}
        <strong>rut; fecha de nacimiento</strong> (dd-mm-aaaa). Puedes pegar celdas copiadas de una planilla o subir el
        CSV que guarda Excel, con o sin fila de encabezados. Primero verás qué pasará con cada fila; nada se guarda
        hasta que confirmes. Las cuentas nuevas quedan aprobadas y cada persona recibe un correo para crear su
        contraseña; las que ya existen no se tocan.
      </p>

      <Form method="post" encType="multipart/form-data" className="card mt-6 max-w-3xl space-y-4 p-6">
        <ListFields sent={sent} placeholder={"sofia.nunez@colegio.cl;Sofía;Núñez;12.345.678-5;05-03-2012"} />
        <div>
          <label htmlFor="rol" className="label">
            Rol de las cuentas nuevas
          </label>
          <select id="rol" name="rol" defaultValue={sent?.rol ?? "estudiante"} key={sent?.rol} className="input">
            {SELF_SERVICE_ROLES.map((rol) => (
              <option key={rol} value={rol}>
                {roleLabel(rol)}
              </option>
            ))}
          </select>
        </div>
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
            {preview.resumen.nuevas} {preview.resumen.nuevas === 1 ? "cuenta nueva" : "cuentas nuevas"},{" "}
            {preview.resumen.existentes} {preview.resumen.existentes === 1 ? "ya existe" : "ya existen"},{" "}
            {preview.resumen.errores} {preview.resumen.errores === 1 ? "fila con error" : "filas con errores"}.
            {preview.resumen.errores > 0 ? " Corrige la lista y revísala de nuevo: nada se guardó." : ""}
          </p>
          {canConfirm ? (
            <Form method="post" encType="multipart/form-data" className="mt-4">
              <input type="hidden" name="lista" value={sent!.text} />
              <input type="hidden" name="rol" value={sent!.rol} />
              <input type="hidden" name="autorizacionColegio" value={String(sent!.autorizacionColegio)} />
              <input type="hidden" name="huella" value={preview.huella} />
              <button type="submit" name="confirmar" value="true" className="btn-primary" disabled={busy}>
                {busy ? "Importando..." : "Confirmar importación"}
              </button>
            </Form>
          ) : null}
          <div className="mt-4 overflow-x-auto">
            <table className="w-full min-w-[640px] text-left text-sm">
              <caption className="sr-only">Filas de la lista</caption>
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  {["Línea", "Correo", "Nombre", "RUT", "Resultado"].map((label) => (
                    <th key={label} scope="col" className="px-3 py-2">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.filas.map((fila) => (
                  <tr key={fila.linea} className={fila.estado === "error" ? "bg-red-50" : ""}>
                    <td className="px-3 py-2">{fila.linea}</td>
                    <td className="px-3 py-2 break-all">{fila.correo}</td>
                    <td className="px-3 py-2">{`${fila.nombre} ${fila.apellido}`.trim()}</td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {fila.rut && fila.estado !== "error" ? formatRut(fila.rut) : (fila.rut ?? "")}
                    </td>
                    <td className="px-3 py-2">
                      {fila.estado === "error" ? (
                        <span className="text-red-800">
                          error: {fila.motivo} (línea {fila.linea})
                        </span>
                      ) : (
                        <Badge tone={fila.estado === "nueva" ? "green" : "amber"}>{STATE_LABEL[fila.estado]}</Badge>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </section>
  );
}
