import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { LinkedText } from "~/components/ui/linked-text.tsx";
import { ProgressBar } from "~/components/ui/progress-bar.tsx";
import { useHydrated } from "~/components/ui/use-hydrated.ts";
import { usePendingIntent } from "~/components/ui/use-pending-intent.ts";
import { requireUser } from "~/features/accounts/guards.server.ts";
import type { ShownState } from "~/features/assignments/rules.ts";
import { handInPage, removeHandInFile, saveHandIn, withdrawHandIn } from "~/features/assignments/submissions.server.ts";
import { HANDIN_LIMIT, TEXTO_MAX } from "~/features/assignments/submission-texts.ts";
import { STATE_LABEL } from "~/features/assignments/texts.ts";
import { CourseListErrorBoundary } from "~/features/learning/components/course-list-page.tsx";
import { formatDateTime } from "~/lib/dates.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import { CONNECTION_FAILED, errorMessageOf, sendWithProgress } from "~/lib/upload-progress.ts";
import { isMultipart } from "~/lib/upload.server.ts";
import type { Route } from "./+types/tarea";

// A tarea's page (docs/product.md#handing-in): the tarea for everyone who may see it; for a learner
// their hand-in, saved and handed in with a plain multipart POST (with JavaScript the same form goes
// to POST /api/tareas/{tareaId}/entregas with a progress bar); the team gets a link to the hand-ins.

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageTitle(matches, loaderData ? loaderData.tarea.titulo : "Tarea");

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireUser(args);
  const page = await handInPage(viewer, args.params.cursoId, args.params.tareaId);
  if (!page.ok) throw data(page.message, { status: page.status });
  return page;
}

export async function action(args: Route.ActionArgs) {
  const viewer = await requireUser(args);
  const { cursoId, tareaId } = args.params;
  const here = `/cursos/${cursoId}/tareas/${tareaId}`;
  const flash = (outcome: { ok: true; message: string } | { ok: false; message: string }) =>
    redirectWithFlash(args.request, here, { type: outcome.ok ? "success" : "error", message: outcome.message });
  if (isMultipart(args.request)) {
    const outcome = await saveHandIn(viewer, tareaId, args.request);
    if (outcome.ok) return flash(outcome);
    return data({ error: outcome.message, texto: outcome.texto ?? null }, { status: outcome.status });
  }
  const form = await readForm(args.request);
  const entregaId = String(form.get("entregaId") ?? "");
  if (form.get("intent") === "anular") return flash(await withdrawHandIn(viewer, entregaId));
  if (form.get("intent") === "quitar") {
    return flash(await removeHandInFile(viewer, entregaId, String(form.get("archivoId") ?? "")));
  }
  return flash({ ok: false, message: "Solicitud inválida." });
}

const STATE_TONE: Record<ShownState, "green" | "amber" | "red" | "slate"> = {
  asignada: "slate",
  entregada: "green",
  atrasada: "amber",
  devuelta: "green",
};

type Page = Route.ComponentProps["loaderData"];

export default function TareaPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tarea, course, team, modulo, adjuntos, entrega, estado } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <Link to={`/cursos/${course.id}`} className="text-sm font-medium text-brand-700 underline">
        ← {course.titulo}
      </Link>
      <h1 className="mt-2 text-2xl font-bold break-words text-slate-900">{tarea.titulo}</h1>
      <p className="mt-1 text-slate-600">{modulo ? `Tarea de ${modulo}` : "Tarea del curso"}</p>
      <p className="mt-2 text-slate-800">
        {tarea.fechaLimite
          ? `Fecha límite: ${formatDateTime(tarea.fechaLimite)} (hora de Chile).`
          : "Sin fecha límite."}
        {tarea.fechaLimite && !tarea.permiteAtrasadas ? " No se aceptan entregas atrasadas." : ""}
      </p>
      {tarea.instrucciones ? <LinkedText text={tarea.instrucciones} className="mt-4 text-slate-800" /> : null}
      {adjuntos.length > 0 ? (
        <>
          <h2 className="mt-6 text-lg font-semibold text-slate-900">Material</h2>
          <ul className="mt-2 space-y-1">
            {adjuntos.map((a) => (
              <li key={a.id}>
                <a
                  href={`/cursos/${course.id}/tareas/${tarea.id}/adjuntos/${a.id}`}
                  className="font-medium break-all text-brand-700 underline"
                >
                  {a.nombre}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {team ? (
        <p className="mt-6">
          <Link to={`/docente/cursos/${course.id}/tareas/${tarea.id}/entregas`} className="btn-primary">
            Ver entregas
          </Link>
        </p>
      ) : (
        <HandIn page={loaderData} estado={estado!} entrega={entrega} actionData={actionData} />
      )}
    </section>
  );
}

function HandIn({
  page,
  estado,
  entrega,
  actionData,
}: {
  page: Page;
  estado: ShownState;
  entrega: Page["entrega"];
  actionData: Route.ComponentProps["actionData"];
}) {
  const { tarea, locked } = page;
  const pending = usePendingIntent();
  return (
    <section aria-labelledby="tu-entrega" className="card mt-8 p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="tu-entrega" className="text-lg font-semibold text-slate-900">
          Tu entrega
        </h2>
        <Badge tone={STATE_TONE[estado]}>{STATE_LABEL[estado]}</Badge>
      </div>
      {entrega?.entregadaEn ? (
        <p className="mt-1 text-sm text-slate-600">Entregada el {formatDateTime(entrega.entregadaEn)}.</p>
      ) : null}
      {entrega?.estado === "devuelta" ? (
        <div className="mt-3 rounded-md bg-green-50 p-3 text-slate-800">
          <p className="font-semibold">
            Nota: {entrega.nota === null ? "sin nota" : entrega.nota.toFixed(1).replace(".", ",")}
          </p>
          {entrega.comentario ? <LinkedText text={entrega.comentario} className="mt-1" /> : null}
        </div>
      ) : null}
      {locked ? (
        <p role="status" className="mt-3 text-sm font-medium text-slate-700">
          {locked}
        </p>
      ) : null}

      {entrega && entrega.archivos.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold text-slate-900">Tus archivos</h3>
          <ul className="mt-2 space-y-2">
            {entrega.archivos.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center justify-between gap-2">
                <a href={f.url} className="font-medium break-all text-brand-700 underline">
                  {f.nombre}
                </a>
                {locked ? null : (
                  <Form method="post">
                    <input type="hidden" name="entregaId" value={entrega.id} />
                    <input type="hidden" name="archivoId" value={f.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="quitar"
                      className="btn-ghost px-2 py-1"
                      aria-label={`Quitar ${f.nombre}`}
                      disabled={pending({ archivoId: f.id })}
                    >
                      Quitar
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {locked ? (
        entrega?.texto ? (
          <>
            <h3 className="mt-4 font-semibold text-slate-900">Tu respuesta</h3>
            <LinkedText text={entrega.texto} className="mt-1 text-slate-800" />
          </>
        ) : null
      ) : (
        <HandInForm
          tareaId={tarea.id}
          handedIn={entrega?.estado === "entregada"}
          texto={actionData?.texto ?? entrega?.texto ?? ""}
          error={actionData?.error ?? null}
        />
      )}

      {!locked && entrega?.estado === "entregada" ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="entregaId" value={entrega.id} />
          <button
            type="submit"
            name="intent"
            value="anular"
            className="btn-secondary"
            disabled={pending({ intent: "anular" })}
          >
            Anular entrega
          </button>
        </Form>
      ) : null}
    </section>
  );
}

type Status = { type: "success" | "error"; text: string } | null;

/** The text and the files: a plain multipart POST, or with JavaScript the API with a progress bar. */
function HandInForm({
  tareaId,
  handedIn,
  texto,
  error,
}: {
  tareaId: string;
  handedIn: boolean;
  texto: string;
  error: string | null;
}) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState<Status>(error ? { type: "error", text: error } : null);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);
  const sending = progress !== null;

  async function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const body = new FormData(form, submitter);
    setStatus(null);
    setProgress(0);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const { status: code, json } = await sendWithProgress(
        `/api/tareas/${tareaId}/entregas`,
        body,
        setProgress,
        controller.signal,
      );
      if (code >= 200 && code < 300) {
        const message = (json as { message?: string } | null)?.message ?? "";
        await revalidator.revalidate();
        form.reset(); // the files sent, and the text as saved
        setStatus({ type: "success", text: message });
      } else {
        setStatus({ type: "error", text: errorMessageOf(json) ?? CONNECTION_FAILED });
      }
    } catch (failure) {
      if ((failure as Error).name !== "AbortError") setStatus({ type: "error", text: CONNECTION_FAILED });
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
      setProgress(null);
    }
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      reloadDocument
      onSubmit={hydrated ? send : undefined}
      data-con-progreso={hydrated ? "" : undefined}
      className="mt-4 space-y-4"
      aria-describedby="entrega-limite"
    >
      <div>
        <label htmlFor="entrega-texto" className="label">
          Tu respuesta
        </label>
        <textarea
          id="entrega-texto"
          name="texto"
          rows={6}
          maxLength={TEXTO_MAX}
          defaultValue={texto}
          className="input"
        />
      </div>
      <div>
        <label htmlFor="entrega-archivos" className="label">
          Agregar archivos
        </label>
        <input
          id="entrega-archivos"
          name="archivos"
          type="file"
          accept="image/*,application/pdf"
          multiple
          className="input"
        />
      </div>
      <div>
        <label htmlFor="entrega-foto" className="label">
          Tomar una foto
        </label>
        <input id="entrega-foto" name="archivos" type="file" accept="image/*" capture="environment" className="input" />
      </div>
      <p id="entrega-limite" className="text-sm text-slate-600">
        {HANDIN_LIMIT}
      </p>
      {sending ? <ProgressBar value={progress * 100} label="Progreso de la entrega" /> : null}
      {status ? (
        <p
          role={status.type === "error" ? "alert" : "status"}
          className={status.type === "error" ? "field-error" : "text-sm font-medium text-green-800"}
        >
          {status.text}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="entregar" value="true" className="btn-primary" disabled={sending}>
          {sending ? "Enviando..." : handedIn ? "Guardar cambios" : "Entregar"}
        </button>
        {handedIn ? null : (
          <button type="submit" name="entregar" value="false" className="btn-secondary" disabled={sending}>
            Guardar borrador
          </button>
        )}
      </div>
    </Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CourseListErrorBoundary error={error} failed="No se pudo cargar la tarea." notFound="Tarea no encontrada." />;
}
