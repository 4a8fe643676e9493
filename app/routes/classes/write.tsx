import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { FormErrors, TextAreaField, TextField } from "~/components/ui/field.tsx";
import { useServerForm } from "~/components/ui/use-server-form.ts";
import { ClassErrorBoundary } from "~/features/classes/components/class-breadcrumbs.tsx";
import { requireClassManager } from "~/features/classes/guards.server.ts";
import { WRITE_FAILED, WRITE_TITLE, writeSent } from "~/features/classes/progress-texts.ts";
import { classSize, WriteToClassSchema, writeToClass } from "~/features/classes/write.server.ts";
import { FILL_ALL } from "~/features/messages/texts.ts";
import { failureHeaders, formReply } from "~/lib/failure.ts";
import { readForm } from "~/lib/form.server.ts";
import type { Route } from "./+types/write";
import { log } from "~/lib/log.server.ts";

// 'Escribir a la clase' (docs/product.md#classes): a subject and a text sent as an internal message
// to every learner of the class, each their own copy from the teacher. A plain POST form.
export async function loader(args: Route.LoaderArgs) {
  const { clase } = await requireClassManager(args, args.params.cursoId, args.params.claseId);
  return { clase: { id: clase.id, cursoId: clase.cursoId, nombre: clase.nombre }, members: await classSize(clase.id) };
}

export async function action(args: Route.ActionArgs) {
  const { user, clase } = await requireClassManager(args, args.params.cursoId, args.params.claseId);
  const submission = parseWithZod(await readForm(args.request), { schema: WriteToClassSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: null }, { status: 400 });
  }
  try {
    const outcome = await writeToClass(args.request, user, clase, submission.value);
    if (!outcome.ok) {
      return data(
        { result: formReply(submission, outcome), sent: null },
        { status: outcome.status, headers: failureHeaders(outcome) },
      );
    }
    return data({ result: submission.reply({ resetForm: true }), sent: outcome.sent });
  } catch (error) {
    log.error({ err: error }, "No se pudo escribir a la clase");
    return data({ result: submission.reply({ formErrors: [WRITE_FAILED] }), sent: null }, { status: 500 });
  }
}

export const meta = () => [{ title: WRITE_TITLE }];

export default function WriteToClassPage({ loaderData, actionData }: Route.ComponentProps) {
  const { clase, members } = loaderData;
  const here = `/docente/cursos/${clase.cursoId}/clases/${clase.id}`;
  const sending = useNavigation().state === "submitting";
  const [form, fields] = useServerForm<{ subject: string; content: string }>("escribir-clase", actionData?.result);
  const allFieldErrors = Object.values(form.allErrors).flat();
  const summary = [...(form.errors ?? []), ...(allFieldErrors.includes(FILL_ALL) ? [FILL_ALL] : [])];
  const hide = [FILL_ALL];
  return (
    <section className="max-w-2xl">
      <p>
        <Link to={here} className="text-sm font-medium text-brand-700 hover:underline">
          ← Volver a la clase
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{WRITE_TITLE}</h1>
      <p className="mt-1 text-sm break-words text-slate-600">
        {clase.nombre} · {members} {members === 1 ? "estudiante" : "estudiantes"}
      </p>
      <p className="mt-3 text-sm text-slate-700">
        Cada estudiante de la clase recibe su propia copia en sus mensajes, de tu parte: si responde, la respuesta te
        llega a ti.
      </p>
      {actionData?.sent != null ? (
        <p role="status" className="alert-success mt-4">
          {writeSent(actionData.sent)}{" "}
          <Link to={`${here}/progreso`} className="font-medium underline">
            Ver el progreso de la clase
          </Link>
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="card mt-4 space-y-4 p-5" aria-label={WRITE_TITLE}>
        <FormErrors id={form.errorId} errors={summary} />
        <TextField field={fields.subject} label="Asunto" hideErrors={hide} />
        <TextAreaField field={fields.content} label="Mensaje" rows={8} hideErrors={hide} />
        <button type="submit" className="btn-primary" disabled={sending}>
          {sending ? "Enviando..." : "Enviar a la clase"}
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ClassErrorBoundary error={error} failed={WRITE_FAILED} />;
}
