import { countPhrase, SEARCH_NARROW_HINT } from "~/lib/search-count.ts";
import { shownAddress } from "~/features/mail/no-email.ts";
import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { ActionsCell, AdminTable } from "~/components/ui/admin-table.tsx";
import { Email } from "~/components/ui/email.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { IntentButton } from "~/components/ui/intent-button.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { SearchForm } from "~/components/ui/search-form.tsx";
import { UrlDialog } from "~/components/ui/url-dialog.tsx";
import { PasswordLinkButton } from "~/features/accounts/components/password-link-button.tsx";
import { requireAdmin } from "~/features/accounts/guards.server.ts";
import { fullName, roleLabel } from "~/features/accounts/roles.ts";
import {
  APPROVE_FAILED,
  approveUsers,
  type BulkOutcome,
  DELETE_FAILED,
  SUSPEND_FAILED,
  approveUser,
  getUser,
  listUsers,
  recordSchoolConsent,
  SCHOOL_CONSENT_RECORDED,
  suspendUser,
  suspendUsers,
} from "~/features/accounts/users.server.ts";
import { CERTIFICATE_CHOICES, DEFAULT_CERTIFICATE_CHOICE, USER_DELETED } from "~/features/privacy/account-deletion.ts";
import { deleteUser, deletionTarget } from "~/features/privacy/account-deletion.server.ts";
import { DeleteUserDialog } from "~/features/privacy/components/delete-user-dialog.tsx";
import { formatRut } from "~/features/accounts/rut.ts";
import { BULK_NONE, BulkIdsSchema } from "~/features/accounts/bulk-schema.ts";
import { formatCalendarDate, formatDate, formatDateTime } from "~/lib/dates.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { listQuery, listStateFrom, pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/records";
import { log } from "~/lib/log.server.ts";

const ActionSchema = z.object({
  // "approve-unconfirmed": the admin chose to approve an account whose address is not proven.
  intent: z.enum(["approve", "approve-unconfirmed", "consent-school", "suspend", "delete"]),
  userId: z.string().min(1).max(64),
  // Deleting: what becomes of the account's certificates (kept verifiable unless the admin revokes them).
  certificados: z.enum(CERTIFICATE_CHOICES).default(DEFAULT_CERTIFICATE_CHOICE),
});

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const url = new URL(args.request.url);
  const verId = url.searchParams.get("ver");
  const deleteId = url.searchParams.get("eliminar");
  const approveId = url.searchParams.get("aprobar");
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const [list, selected, toDelete, toApprove] = await Promise.all([
    listUsers({ page: pageFrom(url), q }),
    verId ? getUser(verId) : null,
    deleteId ? deletionTarget(deleteId) : null,
    approveId ? getUser(approveId) : null,
  ]);
  // No page shows the placeholder address of an account without e-mail: its usuario instead.
  const shown = <T extends { correo: string }>(u: T | null) => u && { ...u, correo: shownAddress(u.correo) };
  return {
    ...list,
    users: list.users.map(shown).filter((u) => u !== null),
    q,
    selected: shown(selected),
    toDelete: shown(toDelete),
    toApprove: toApprove?.aprobado ? null : shown(toApprove),
    adminId: admin.id,
  };
}

function bulkMessage(verb: "aprobó" | "suspendió", plural: string, outcome: BulkOutcome) {
  const done = outcome.done.length;
  const head =
    done === 0
      ? `No se ${verb} ninguna cuenta.`
      : done === 1
        ? `Se ${verb} 1 cuenta.`
        : `Se ${plural} ${done} cuentas.`;
  const reasons = [...new Set(outcome.skipped.map((s) => s.motivo))].join("; ");
  const left = outcome.skipped.length;
  return left === 0
    ? head
    : `${head} ${left === 1 ? "1 quedó como estaba" : `${left} quedaron como estaban`} (${reasons}).`;
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const { request } = args;
  const url = new URL(request.url);
  const back = `/admin/records${listQuery(listStateFrom(url, 100))}`;
  const form = await readForm(request);
  const bulkIntent = form.get("intent");
  if (bulkIntent === "bulk-approve" || bulkIntent === "bulk-suspend") {
    const bulk = BulkIdsSchema.safeParse({ ids: form.getAll("ids") });
    if (!bulk.success) {
      return redirectWithFlash(request, back, { type: "error", message: bulk.error.issues[0]?.message ?? BULK_NONE });
    }
    const approve = bulkIntent === "bulk-approve";
    const outcome = approve
      ? await approveUsers(admin, bulk.data.ids, request, { confirmedOnly: true })
      : await suspendUsers(admin, bulk.data.ids, request);
    const message = approve
      ? bulkMessage("aprobó", "aprobaron", outcome)
      : bulkMessage("suspendió", "suspendieron", outcome);
    return redirectWithFlash(request, back, { type: outcome.done.length > 0 ? "success" : "error", message });
  }
  const parsed = ActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return redirectWithFlash(request, back, { type: "error", message: "Solicitud inválida." });
  const { intent, userId, certificados } = parsed.data;
  const failed = intent === "suspend" ? SUSPEND_FAILED : intent === "delete" ? DELETE_FAILED : APPROVE_FAILED;
  try {
    if (intent === "approve") {
      // An address nobody proved: the admin is asked to confirm the choice first.
      const user = await getUser(userId);
      if (user && !user.aprobado && !user.correoConfirmado) {
        return redirect(`/admin/records${listQuery(listStateFrom(url, 100), { aprobar: userId })}`);
      }
    }
    const outcome =
      intent === "consent-school"
        ? await recordSchoolConsent(admin, userId, request)
        : intent === "suspend"
          ? await suspendUser(admin, userId, request)
          : intent === "delete"
            ? await deleteUser(admin, userId, request, certificados)
            : await approveUser(admin, userId, request);
    if (outcome.ok) return redirectWithFlash(request, back, { type: "success", message: DONE[intent] });
    // Refusals that explain themselves (one's own account, a guardian's consent missing) say so.
    const told = outcome.status === 400 || outcome.reason === "guardian" || intent === "consent-school";
    return redirectWithFlash(request, back, { type: "error", message: told ? outcome.message : failed });
  } catch (error) {
    log.error({ err: error }, "No se pudo eliminar el registro");
    return redirectWithFlash(request, back, { type: "error", message: failed });
  }
}

const DONE = {
  approve: "Cuenta aprobada.",
  "approve-unconfirmed": "Cuenta aprobada.",
  "consent-school": SCHOOL_CONSENT_RECORDED,
  suspend: "Cuenta suspendida: sus sesiones se cerraron.",
  delete: USER_DELETED,
};

type Consent = { requiereTutor: boolean; consentimientoEn: Date | string | null; consentimientoOrigen: string | null };
const waitsForGuardian = (u: Consent) => u.requiereTutor && !u.consentimientoEn;
function consentLabel(u: Consent) {
  if (!u.consentimientoEn) return "Autorización pendiente: se le envió un enlace por correo.";
  const when = formatDateTime(u.consentimientoEn);
  return u.consentimientoOrigen === "escuela"
    ? `Autorización reunida por el colegio (registrada el ${when}).`
    : `Autorizó el registro el ${when}.`;
}

/** A button of the record's dialog: it posts for that account and, done, the page starts at the top. */
const inDialog = (id: string) => ({ idName: "userId", id, formClassName: "mt-4", preventScrollReset: false });

const COLUMNS = [
  { label: "Elegir" },
  { label: "Nombre" },
  { label: "Correo" },
  { label: "Estado" },
  { label: "Fecha de registro" },
  { label: "Acciones", align: "right" },
] as const;

export default function Records({ loaderData }: Route.ComponentProps) {
  const { users, total, totalExact, pending, page, pageCount, q, selected, toDelete, toApprove, adminId } = loaderData;
  const withParam = (key: string, value: string) => listQuery({ q, page }, { [key]: value });
  const closeHref = `/admin/records${listQuery({ q, page })}`;
  const deleteName = toDelete ? fullName(toDelete.nombre, toDelete.apellido) || toDelete.correo : "";
  const approveName = toApprove ? fullName(toApprove.nombre, toApprove.apellido) || toApprove.correo : "";

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Registros</h1>
        <Link to="/admin/records/importar" className="btn-secondary">
          Importar usuarios
        </Link>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {countPhrase(total, totalExact, "cuenta", "cuentas")}
        {q ? ` con «${q}» en el correo o el nombre` : ""}
        {totalExact ? "" : `. ${SEARCH_NARROW_HINT}`} · {pending} {pending === 1 ? "pendiente" : "pendientes"} de
        aprobación
      </p>
      <SearchForm
        id="buscar-registro"
        label="Buscar por correo o nombre"
        q={q}
        clearHref="/admin/records"
        maxLength={100}
        className="mt-4"
      />

      <AdminTable
        columns={COLUMNS}
        minWidth="min-w-[600px]"
        caption="Cuentas registradas"
        empty={users.length === 0 ? "Ninguna cuenta coincide con la búsqueda." : null}
      >
        {users.map((user) => (
          <tr key={user.id} className={user.aprobado ? "" : "bg-amber-50/60"}>
            <td data-label="Elegir" className="px-3 py-3">
              {user.id !== adminId ? (
                <input
                  type="checkbox"
                  name="ids"
                  value={user.id}
                  form="seleccion"
                  aria-label={`Elegir a ${fullName(user.nombre, user.apellido) || user.correo}`}
                  className="h-4 w-4"
                />
              ) : null}
            </td>
            <td className="px-3 py-3">
              <Link
                to={withParam("ver", user.id)}
                preventScrollReset
                className="font-medium text-slate-900 hover:underline"
              >
                {fullName(user.nombre, user.apellido) || "Sin nombre"}
              </Link>
              <span className="block text-xs text-slate-500">{roleLabel(user.rol)}</span>
            </td>
            <td data-label="Correo" className="px-3 py-3">
              <Email value={user.correo} />
            </td>
            <td data-label="Estado" className="px-3 py-3">
              {user.aprobado ? (
                <Badge tone="green">Aprobado</Badge>
              ) : user.suspendidoEn ? (
                <Badge tone="red">Suspendido</Badge>
              ) : (
                <Badge tone="amber">Pendiente</Badge>
              )}
              {!user.aprobado ? (
                <span className="mt-1 block text-xs text-slate-600">
                  {user.correoConfirmado ? "Correo confirmado" : "Correo sin confirmar"}
                </span>
              ) : null}
              {!user.aprobado && waitsForGuardian(user) ? (
                <span className="mt-1 block text-xs font-medium text-amber-800">Espera autorización del tutor</span>
              ) : null}
            </td>
            <td data-label="Fecha de registro" className="px-3 py-3 whitespace-nowrap">
              {formatDate(user.createdAt)}
            </td>
            <ActionsCell>
              <Link to={withParam("ver", user.id)} preventScrollReset className="btn-ghost px-2 py-1">
                Ver
              </Link>
              {!user.aprobado && !user.correoConfirmado ? (
                <Link to={withParam("aprobar", user.id)} preventScrollReset className="btn-primary px-3 py-1">
                  Aprobar
                </Link>
              ) : !user.aprobado ? (
                <IntentButton intent="approve" idName="userId" id={user.id} className="btn-primary px-3 py-1">
                  Aprobar
                </IntentButton>
              ) : user.id !== adminId ? (
                <IntentButton intent="suspend" idName="userId" id={user.id} className="btn-ghost px-3 py-1">
                  Suspender
                </IntentButton>
              ) : null}
              {user.id !== adminId ? (
                <Link to={withParam("eliminar", user.id)} preventScrollReset className="btn-danger px-3 py-1">
                  Eliminar
                </Link>
              ) : null}
            </ActionsCell>
          </tr>
        ))}
      </AdminTable>

      {/* The rows' checkboxes belong to this form (form="seleccion"): no form inside the table. */}
      <Form
        method="post"
        id="seleccion"
        preventScrollReset
        className="mt-3 flex flex-wrap items-center gap-3"
        aria-label="Acciones con las cuentas elegidas"
      >
        <span className="text-sm text-slate-600">Con las cuentas elegidas:</span>
        <button type="submit" name="intent" value="bulk-approve" className="btn-primary px-3 py-1">
          Aprobar seleccionadas
        </button>
        <button type="submit" name="intent" value="bulk-suspend" className="btn-ghost px-3 py-1">
          Suspender seleccionadas
        </button>
      </Form>

      <Pagination page={page} pageCount={pageCount} />

      {selected ? (
        <UrlDialog title="Detalle del usuario" closeHref={closeHref}>
          <dl className="grid grid-cols-3 gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-500">Nombre</dt>
            <dd className="col-span-2 font-medium">{fullName(selected.nombre, selected.apellido) || "Sin nombre"}</dd>
            <dt className="text-slate-500">Correo</dt>
            <dd className="col-span-2">
              <Email value={selected.correo} />
              <span className="block text-xs text-slate-600">
                {selected.correoConfirmado ? "Confirmado por su titular" : "Sin confirmar"}
              </span>
            </dd>
            <dt className="text-slate-500">Usuario</dt>
            <dd className="col-span-2 font-mono">{selected.usuario ?? "Sin usuario"}</dd>
            <dt className="text-slate-500">Rol</dt>
            <dd className="col-span-2">{roleLabel(selected.rol)}</dd>
            {selected.creadoPor || selected.creadoParaClase ? (
              <>
                <dt className="text-slate-500">Creada por</dt>
                <dd className="col-span-2">
                  {selected.creadoPor ? fullName(selected.creadoPor.nombre, selected.creadoPor.apellido) : "Un docente"}
                  {selected.creadoParaClase ? `, para la clase ${selected.creadoParaClase.nombre}` : ""}
                </dd>
              </>
            ) : null}
            <dt className="text-slate-500">Nacimiento</dt>
            <dd className="col-span-2">{formatCalendarDate(selected.fechaNacimiento)}</dd>
            <dt className="text-slate-500">RUT</dt>
            <dd className="col-span-2">{selected.rut ? formatRut(selected.rut) : "Sin RUT"}</dd>
            <dt className="text-slate-500">Estado</dt>
            <dd className="col-span-2">
              {selected.aprobado
                ? `Aprobado (${formatDateTime(selected.aprobadoEn)})`
                : selected.suspendidoEn
                  ? `Suspendido (${formatDateTime(selected.suspendidoEn)})`
                  : "Pendiente de aprobación"}
            </dd>
            <dt className="text-slate-500">Fecha de registro</dt>
            <dd className="col-span-2">{formatDateTime(selected.createdAt)}</dd>
            {selected.requiereTutor ? (
              <>
                <dt className="text-slate-500">Tutor</dt>
                <dd className="col-span-2">
                  {selected.tutorNombre ?? "Sin nombre"}
                  {selected.tutorCorreo ? (
                    <>
                      {" "}
                      (<Email value={selected.tutorCorreo} />)
                    </>
                  ) : null}
                  <span className="block text-xs text-slate-600">{consentLabel(selected)}</span>
                </dd>
              </>
            ) : null}
          </dl>
          {!selected.aprobado && waitsForGuardian(selected) ? (
            <IntentButton intent="consent-school" className="btn-secondary" {...inDialog(selected.id)}>
              Registrar autorización reunida por el colegio
            </IntentButton>
          ) : null}
          {!selected.aprobado ? (
            <IntentButton intent="approve" className="btn-primary" {...inDialog(selected.id)}>
              Aprobar
            </IntentButton>
          ) : null}
          {selected.id !== adminId ? <PasswordLinkButton userId={selected.id} className="mt-4" /> : null}
          <p className="mt-4">
            <Link to={`/admin/records/${encodeURIComponent(selected.id)}/corregir`} className="btn-secondary">
              Corregir datos
            </Link>
          </p>
        </UrlDialog>
      ) : null}

      {toApprove ? (
        <UrlDialog title="¿Aprobar sin correo confirmado?" closeHref={closeHref}>
          <p className="text-slate-700">
            <strong>{approveName}</strong> aún no confirma que <Email value={toApprove.correo} /> es su correo: podría
            estar mal escrito o ser de otra persona. ¿Quieres aprobar la cuenta de todos modos?
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <IntentButton
              intent="approve-unconfirmed"
              idName="userId"
              id={toApprove.id}
              className="btn-primary"
              preventScrollReset={false}
            >
              Aprobar de todos modos
            </IntentButton>
            <Link to={closeHref} preventScrollReset className="btn-secondary">
              Cancelar
            </Link>
          </div>
        </UrlDialog>
      ) : null}

      {toDelete ? <DeleteUserDialog user={toDelete} name={deleteName} closeHref={closeHref} /> : null}
    </section>
  );
}
