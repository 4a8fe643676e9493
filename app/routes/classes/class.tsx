import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { AdminTable } from "~/components/ui/admin-table.tsx";
import { ConfirmDeleteDialog } from "~/components/ui/confirm-delete-dialog.tsx";
import { Email } from "~/components/ui/email.tsx";
import { IntentButton } from "~/components/ui/intent-button.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { usePendingIntent } from "~/components/ui/use-pending-intent.ts";
import {
  classSummary,
  deleteClass,
  listClassMembers,
  MEMBER_PAGE_SIZE,
  removeMember,
  renameClass,
  resetClassCode,
} from "~/features/classes/classes.server.ts";
import { ClassBreadcrumbs, ClassErrorBoundary } from "~/features/classes/components/class-breadcrumbs.tsx";
import { ClassNameForm } from "~/features/classes/components/class-name-form.tsx";
import { requireClassManager } from "~/features/classes/guards.server.ts";
import { joinLink } from "~/features/classes/join-link.server.ts";
import { IMPORT_LINK_LABEL } from "~/features/classes/import-texts.ts";
import { PROGRESS_TITLE, WRITE_TITLE } from "~/features/classes/progress-texts.ts";
import { ClassNameSchema, RemoveMemberSchema } from "~/features/classes/schema.ts";
import {
  addedBy,
  CLASS_DELETE_CONFIRM,
  CARDS_TITLE,
  CLASS_NOT_FOUND,
  MEMBER_NOT_FOUND,
} from "~/features/classes/texts.ts";
import { renewPupilCard, resetPupilPassword } from "~/features/classes/pupils.server.ts";
import { getCourseTitle } from "~/features/courses/admin-courses.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { formatDate } from "~/lib/dates.ts";
import { formReply, type Result } from "~/lib/failure.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { isRecordId } from "~/lib/ids.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { pageTitle } from "~/lib/meta.ts";
import { pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/class";

// One class (docs/product.md#classes); 'Eliminar clase' asks by the URL (?eliminar=1, works without JS).

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageTitle(matches, loaderData ? `Clase ${loaderData.clase.nombre}` : "Clase");

/** The members' page cursor of the URL: an account id after (`desde`) or before (`antes`) which the page starts. */
function memberCursor(url: URL): { desde: string } | { antes: string } | null {
  const desde = url.searchParams.get("desde");
  if (isRecordId(desde)) return { desde };
  const antes = url.searchParams.get("antes");
  return isRecordId(antes) ? { antes } : null;
}

export async function loader(args: Route.LoaderArgs) {
  const { clase } = await requireClassManager(args, args.params.cursoId, args.params.claseId);
  const course = await getCourseTitle(clase.cursoId);
  invariantResponse(course, COURSE_NOT_FOUND, { status: 404 });
  const url = new URL(args.request.url);
  const cursor = memberCursor(url);
  const [summary, members, link] = await Promise.all([
    classSummary(clase),
    listClassMembers(clase.id, cursor),
    joinLink(clase.codigo),
  ]);
  const pageCount = Math.max(1, Math.ceil(members.total / MEMBER_PAGE_SIZE));
  // A bare ?page=N reads the first page: the number only labels pages reached by their links.
  const page = cursor ? Math.min(pageFrom(url), pageCount) : 1;
  return {
    course,
    clase: summary,
    link,
    members: members.members,
    page,
    pageCount,
    cursors: {
      prev: members.hasPrev ? (members.members[0]?.userId ?? null) : null,
      next: members.hasNext ? (members.members.at(-1)?.userId ?? null) : null,
    },
    confirmDelete: url.searchParams.get("eliminar") === "1",
  };
}

export async function action(args: Route.ActionArgs) {
  const { user, clase } = await requireClassManager(args, args.params.cursoId, args.params.claseId);
  const form = await readForm(args.request);
  const list = `/docente/cursos/${clase.cursoId}/clases`;
  const here = `${list}/${clase.id}`;
  const done = (outcome: Result, message: string, to = here) =>
    redirectWithFlash(
      args.request,
      outcome.ok ? to : here,
      outcome.ok ? { type: "success", message } : { type: "error", message: outcome.message },
    );
  switch (form.get("intent")) {
    case "rename": {
      const submission = parseWithZod(form, { schema: ClassNameSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      const outcome = await renameClass(user, clase, submission.value.nombre, args.request);
      if (!outcome.ok) return data({ result: formReply(submission, outcome) }, { status: outcome.status });
      return done(outcome, "Nombre de la clase guardado.");
    }
    case "reset-code":
      return done(
        await resetClassCode(user, clase, args.request),
        "Listo: la clase tiene un código y un enlace nuevos. Los anteriores ya no sirven para unirse.",
      );
    case "remove-member": {
      const parsed = RemoveMemberSchema.safeParse({ userId: form.get("userId") });
      if (!parsed.success) return done({ ok: false, status: 404, message: MEMBER_NOT_FOUND }, "");
      return done(
        await removeMember(user, clase, parsed.data.userId, args.request),
        "Quitamos a la persona de la clase. Sigue en el curso, con su avance.",
      );
    }
    case "pupil-password": {
      // Shown once, on this answer's page: never in a redirect, a flash or the address.
      const pupilId = String(form.get("userId") ?? "");
      const outcome = await resetPupilPassword(user, clase, pupilId, args.request);
      if (!outcome.ok) return done(outcome, "");
      return data({ newPassword: { userId: pupilId, password: outcome.password } }, { headers: NO_STORE });
    }
    case "pupil-card": {
      const pupilId = String(form.get("userId") ?? "");
      const outcome = await renewPupilCard(user, clase, pupilId, args.request);
      return done(
        outcome,
        "Tarjeta nueva lista para imprimir: la anterior ya no sirve y se cerraron sus sesiones.",
        `${here}/tarjetas?estudiante=${pupilId}`,
      );
    }
    case "delete":
      return done(
        await deleteClass(user, clase, args.request),
        "Clase eliminada. Sus estudiantes siguen en el curso.",
        list,
      );
    default:
      return redirectWithFlash(args.request, here, { type: "error", message: CLASS_NOT_FOUND });
  }
}

const NO_STORE = { "Cache-Control": "no-store" };

const COLUMNS = [
  { label: "Nombre" },
  { label: "Correo o usuario" },
  { label: "En la clase desde" },
  { label: "Cómo llegó" },
  { label: "Acciones" },
] as const;

export default function ClassPage({ loaderData, actionData }: Route.ComponentProps) {
  const { course, clase, link, members, page, pageCount, cursors, confirmDelete } = loaderData;
  const shownPassword = actionData && "newPassword" in actionData ? actionData.newPassword : null;
  const here = `/docente/cursos/${course.id}/clases/${clase.id}`;
  const pending = usePendingIntent();
  const more = [
    [`${here}/importar`, IMPORT_LINK_LABEL],
    [`${here}/tarjetas`, CARDS_TITLE],
    [`${here}/progreso`, PROGRESS_TITLE],
    [`${here}/escribir`, WRITE_TITLE],
  ];
  return (
    <section>
      <ClassBreadcrumbs curso={course} clase={{ nombre: clase.nombre }} />
      <h1 className="mt-2 text-2xl font-bold break-words text-slate-900">{clase.nombre}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {course.titulo} · {clase.estudiantes} {clase.estudiantes === 1 ? "estudiante" : "estudiantes"}
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="codigo-titulo" className="card p-4 sm:p-6">
          <h2 id="codigo-titulo" className="text-lg font-semibold text-slate-900">
            Código de la clase
          </h2>
          <p className="mt-3 font-mono text-4xl font-bold tracking-widest break-all text-slate-900 sm:text-5xl">
            {clase.codigo}
          </p>
          <p className="mt-3 text-sm text-slate-600">
            Cada estudiante lo escribe en «Unirme a una clase», en su panel (da igual si usa mayúsculas o el guion):
            queda en esta clase y, si aún no lo estaba, en el curso.
          </p>
          <Form method="post" className="mt-4">
            <button
              type="submit"
              name="intent"
              value="reset-code"
              className="btn-secondary"
              disabled={pending({ intent: "reset-code" })}
            >
              Generar otro código
            </button>
            <p className="mt-2 text-xs text-slate-500">
              El código actual y su enlace dejan de servir; quienes ya están en la clase se quedan.
            </p>
          </Form>
        </section>

        <section aria-labelledby="enlace-titulo" className="card p-4 sm:p-6">
          <h2 id="enlace-titulo" className="text-lg font-semibold text-slate-900">
            Enlace y código QR
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            Ponlos en una diapositiva o envía el enlace: quien lo abre inicia sesión y toca «Unirme a la clase». Cambian
            con «Generar otro código».
          </p>
          <p className="mt-3 font-mono text-sm break-all">
            <a href={link.url} className="text-brand-700 underline">
              {link.url}
            </a>
          </p>
          <img src={link.qr} alt={`Código QR del enlace de la clase ${clase.nombre}`} className="mt-3 size-48" />
          <a href={link.qr} download={`qr-clase-${clase.codigo}.svg`} className="btn-ghost mt-2 inline-block">
            Descargar código QR (SVG)
          </a>
        </section>

        <ClassNameForm
          id="nombre-clase"
          title="Cambiar nombre"
          submit="Guardar nombre"
          intent="rename"
          nombre={clase.nombre}
          lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        />
      </div>

      {/* 'Más de esta clase': the class's other pages (the CSV is a resource route: a plain link). */}
      <nav aria-labelledby="mas-titulo" className="mt-6">
        <h2 id="mas-titulo" className="text-lg font-semibold text-slate-900">
          Más de esta clase
        </h2>
        <ul className="mt-2 flex flex-wrap gap-2">
          {more.map(([to, label]) => (
            <li key={to}>
              <Link to={to!} className="btn-ghost">
                {label}
              </Link>
            </li>
          ))}
          <li>
            <a href={`${here}/notas.csv`} download className="btn-ghost">
              Descargar notas (CSV)
            </a>
          </li>
          <li>
            <Link to={`/docente/cursos/${course.id}/participantes`} className="btn-ghost">
              Participantes del curso
            </Link>
          </li>
        </ul>
      </nav>

      <h2 className="mt-8 text-lg font-semibold text-slate-900">Estudiantes de la clase</h2>
      {members.length === 0 ? (
        <p className="card mt-3 p-6 text-slate-600">
          Aún no hay estudiantes en esta clase. Comparte el código para que se unan.
        </p>
      ) : (
        <AdminTable
          columns={COLUMNS}
          minWidth="min-w-[720px]"
          className="card mt-3 overflow-x-auto"
          caption="Estudiantes de la clase"
        >
          {members.map((m) => (
            <tr key={m.userId}>
              <td className="px-3 py-2 font-medium break-words text-slate-900">{m.nombre || "Sin nombre"}</td>
              <td data-label="Correo o usuario" className="px-3 py-2">
                <Email value={m.correo} />
              </td>
              <td data-label="En la clase desde" className="px-3 py-2 whitespace-nowrap">
                {formatDate(m.desde)}
              </td>
              <td data-label="Cómo llegó" className="px-3 py-2">
                {m.agregadoPor === null ? "Con el código" : addedBy(m.agregadoPor)}
              </td>
              <td className="space-y-2 px-3 py-2">
                {m.porDocente ? <PupilAccess member={m} shown={shownPassword} /> : null}
                <IntentButton
                  intent="remove-member"
                  idName="userId"
                  id={m.userId}
                  className="btn-ghost px-2 py-1 text-sm text-red-700"
                  label={`Quitar de la clase a ${m.nombre || m.correo}`}
                >
                  Quitar de la clase
                </IntentButton>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination page={page} pageCount={pageCount} cursors={cursors} />

      <section aria-labelledby="eliminar-titulo" className="mt-10 border-t border-slate-200 pt-6">
        <h2 id="eliminar-titulo" className="text-lg font-semibold text-slate-900">
          Eliminar clase
        </h2>
        <p className="mt-1 text-sm text-slate-600">{CLASS_DELETE_CONFIRM}</p>
        <Link to={`${here}?eliminar=1`} preventScrollReset className="btn-danger mt-3 inline-block">
          Eliminar clase
        </Link>
      </section>
      {confirmDelete ? (
        <ConfirmDeleteDialog title="¿Eliminar esta clase?" closeHref={here} idName="claseId" idValue={clase.id}>
          <p>
            «{clase.nombre}» y su código dejan de existir. {CLASS_DELETE_CONFIRM}
          </p>
        </ConfirmDeleteDialog>
      ) : null}
    </section>
  );
}

/**
 * A pupil whose account a teacher made: 'Nueva contraseña' (the generated password shown once, here)
 * and 'Nueva tarjeta' (only this pupil's old card void). Plain POSTs: they work without JavaScript.
 */
function PupilAccess({
  member,
  shown,
}: {
  member: { userId: string; nombre: string };
  shown: { userId: string; password: string } | null;
}) {
  const who = member.nombre || "esta persona";
  const button = { idName: "userId", id: member.userId, className: "btn-ghost px-2 py-1 text-sm" };
  return (
    <>
      {shown?.userId === member.userId ? (
        <p role="status" className="alert-success text-sm">
          Contraseña nueva de {who}: <strong className="font-mono">{shown.password}</strong>. Anótala ahora: no se
          vuelve a mostrar.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <IntentButton intent="pupil-password" {...button} label={`Nueva contraseña para ${who}`}>
          Nueva contraseña
        </IntentButton>
        <IntentButton intent="pupil-card" {...button} label={`Nueva tarjeta de acceso para ${who}`}>
          Nueva tarjeta
        </IntentButton>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ClassErrorBoundary error={error} />;
}
