import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useLocation } from "react-router";
import { ConfirmDeleteDialog } from "~/components/ui/confirm-delete-dialog.tsx";
import { KeysetPager } from "~/components/ui/keyset-pager.tsx";
import { PlainTextPostForm } from "~/components/ui/plain-text-post-form.tsx";
import { requireUser } from "~/features/accounts/guards.server.ts";
import { CourseListErrorBoundary } from "~/features/learning/components/course-list-page.tsx";
import { questionPath } from "~/features/questions/paths.ts";
import { QuestionArticle, type QuestionItem } from "~/features/questions/components/question-article.tsx";
import {
  answerForForm,
  answerQuestion,
  askQuestion,
  deleteAnswer,
  deleteQuestion,
  editQuestion,
  listModuleQuestions,
  moduleAccess,
  questionForForm,
  setQuestionState,
} from "~/features/questions/questions.server.ts";
import { AnswerFieldsSchema, QuestionFieldsSchema, QuestionIdSchema } from "~/features/questions/schema.ts";
import {
  ANSWER_DELETED,
  answererLine,
  askerLine,
  ANSWER_MAX,
  FILTERS,
  QUESTION_DELETED,
  QUESTION_MAX,
  QUESTION_NOT_FOUND,
  type QuestionFilter,
} from "~/features/questions/texts.ts";
import { failureHeaders, formReply, type Result } from "~/lib/failure.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageTitle } from "~/lib/meta.ts";
import { keepRetryAfter } from "~/lib/route-headers.ts";
import { withParam } from "~/lib/pagination.ts";
import { BackToCourse } from "~/features/courses/components/back-to-courses.tsx";
import type { Route } from "./+types/module";

// A module's questions (docs/product.md#module-questions), one page for learners and the team: forms
// are addressed by the URL (?editar=, ?eliminar=, ?responder=) and every action is a POST, without JS too.

/** A refused question or answer (429) keeps its Retry-After on the document answer (decision 006). */
export const headers = keepRetryAfter;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageTitle(matches, loaderData ? `Preguntas: ${loaderData.module.titulo}` : "Preguntas");

const FILTER_LABEL: Record<QuestionFilter, string> = {
  todas: "Más recientes",
  "sin-responder": "Sin responder",
  resueltas: "Resueltas",
};
const NO_QUESTIONS: Record<QuestionFilter, string> = {
  todas: "Este módulo aún no tiene preguntas.",
  "sin-responder": "No hay preguntas sin responder.",
  resueltas: "No hay preguntas resueltas.",
};

const filterOf = (url: URL): QuestionFilter => {
  const value = url.searchParams.get("filtro");
  return (FILTERS as readonly string[]).includes(value ?? "") ? (value as QuestionFilter) : "todas";
};

async function access(args: Route.LoaderArgs | Route.ActionArgs) {
  const viewer = await requireUser(args);
  const found = await moduleAccess(viewer, args.params.cursoId, args.params.moduloIndex);
  if (!found.ok) throw data(found.message, { status: found.status });
  return { viewer, access: found };
}

export async function loader(args: Route.LoaderArgs) {
  const { viewer, access: found } = await access(args);
  const url = new URL(args.request.url);
  const filtro = filterOf(url);
  const wanted = (name: string) => url.searchParams.get(name);
  const [list, editing, toDelete, answering, answerToDelete] = await Promise.all([
    listModuleQuestions(viewer, found, filtro, cursorFrom(url)),
    questionForForm(viewer, found, wanted("editar")),
    questionForForm(viewer, found, wanted("eliminar")),
    found.team ? questionForForm(viewer, found, wanted("responder")) : null,
    answerForForm(viewer, found, wanted("eliminar-respuesta")),
  ]);
  return {
    course: found.course,
    module: found.module,
    team: found.team,
    enrolled: found.enrolled,
    filtro,
    ...list,
    // Only one's own unanswered question is edited; the team deletes any, its author an unanswered one.
    editing: editing?.propia && !editing.respondida ? editing : null,
    toDelete: toDelete && (found.team || (toDelete.propia && !toDelete.respondida)) ? toDelete : null,
    answering,
    answerToDelete,
  };
}

const STATE_INTENTS = {
  resolve: [{ resuelta: true }, "Pregunta marcada como resuelta."],
  reopen: [{ resuelta: false }, "Pregunta marcada como no resuelta."],
  hide: [{ oculta: true }, "Pregunta oculta: solo la ven el equipo docente y quien la hizo."],
  show: [{ oculta: false }, "Pregunta visible otra vez para todo el curso."],
} as const;

const POSTED = {
  ask: "Pregunta enviada. El equipo docente del curso la verá y te avisaremos cuando responda.",
  edit: "Pregunta guardada.",
  answer: "Respuesta publicada. Avisamos a quien hizo la pregunta.",
} as const;

export async function action(args: Route.ActionArgs) {
  const { viewer, access: found } = await access(args);
  const form = await readForm(args.request);
  const here = questionPath(found.course.id, found.module.index);
  const intent = form.get("intent");
  const id = QuestionIdSchema.safeParse({ preguntaId: form.get("preguntaId") });
  const preguntaId = id.success ? id.data.preguntaId : undefined;
  /** A moderation's answer: a flash on the question's page, or on this one when refused. */
  const flash = (outcome: Result<{ path: string }>, message: string, to?: string) =>
    outcome.ok
      ? redirectWithFlash(args.request, to ?? outcome.path, { type: "success", message })
      : redirectWithFlash(args.request, here, { type: "error", message: outcome.message });

  if (intent === "ask" || intent === "edit" || intent === "answer") {
    const submission = parseWithZod(form, { schema: intent === "answer" ? AnswerFieldsSchema : QuestionFieldsSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const outcome =
      intent === "ask"
        ? await askQuestion(viewer, found, submission.value)
        : intent === "edit"
          ? await editQuestion(viewer, preguntaId, submission.value)
          : await answerQuestion(viewer, preguntaId, submission.value);
    if (!outcome.ok)
      return data(
        { intent, result: formReply(submission, outcome) },
        { status: outcome.status, headers: failureHeaders(outcome) },
      );
    // An answer goes to its question's page; a question asked or edited to this one.
    const { path } = outcome as { path?: string };
    const to = path ?? questionPath(found.course.id, found.module.index, outcome.pregunta.id);
    return redirectWithFlash(args.request, to, { type: "success", message: POSTED[intent] });
  }
  if (intent === "delete" && form.has("respuestaId")) {
    const respuestaId = form.get("respuestaId");
    return flash(
      await deleteAnswer(viewer, typeof respuestaId === "string" ? respuestaId : undefined, args.request),
      ANSWER_DELETED,
    );
  }
  if (intent === "delete") return flash(await deleteQuestion(viewer, preguntaId, args.request), QUESTION_DELETED, here);
  if (typeof intent === "string" && intent in STATE_INTENTS) {
    const [state, done] = STATE_INTENTS[intent as keyof typeof STATE_INTENTS];
    return flash(await setQuestionState(viewer, preguntaId, state, args.request), done);
  }
  return redirectWithFlash(args.request, here, {
    type: "error",
    message: id.success ? "Solicitud inválida." : QUESTION_NOT_FOUND,
  });
}

type ActionData = Route.ComponentProps["actionData"];

const QUESTION_FIELD = { label: "Tu pregunta", max: QUESTION_MAX };

function AnswerForm({
  preguntaId,
  actionData,
  cancelHref,
}: {
  preguntaId: string;
  actionData: ActionData;
  cancelHref: string;
}) {
  return (
    <section id={`responder-${preguntaId}`} aria-label="Responder la pregunta" className="mt-3 scroll-mt-20">
      <PlainTextPostForm
        id={`responder-form-${preguntaId}`}
        intent="answer"
        actionData={actionData}
        idName="preguntaId"
        idValue={preguntaId}
        text={{ label: "Tu respuesta", max: ANSWER_MAX }}
        submitLabel="Publicar respuesta"
        pendingLabel="Publicando..."
        cancelHref={cancelHref}
      />
    </section>
  );
}

const marks = (p: QuestionItem) =>
  [
    p.resuelta ? ["reopen", "Marcar no resuelta"] : ["resolve", "Marcar resuelta"],
    p.oculta ? ["show", "Mostrar"] : ["hide", "Ocultar"],
  ] as const;

function Actions({
  pregunta,
  team,
  search,
  here,
}: {
  pregunta: QuestionItem;
  team: boolean;
  search: string;
  here: string;
}) {
  const which = `la pregunta de ${askerLine(pregunta.autor)}`;
  const link = (name: string) => withParam(search, name, pregunta.id, here);
  const mine = pregunta.propia && !pregunta.respondida;
  return (
    <>
      {team ? (
        <Link
          to={`${link("responder")}#responder-${pregunta.id}`}
          preventScrollReset
          className="btn-secondary px-2 py-1"
          aria-label={`Responder ${which}`}
        >
          Responder
        </Link>
      ) : null}
      {mine ? (
        <Link
          to={`${link("editar")}#editar-pregunta`}
          preventScrollReset
          className="btn-ghost px-2 py-1"
          aria-label="Editar tu pregunta"
        >
          Editar
        </Link>
      ) : null}
      {/* The team's marks (resolve, hide and back), each a small POST form. */}
      {(team ? marks(pregunta) : []).map(([intent, label]) => (
        <Form key={intent} method="post" preventScrollReset>
          <input type="hidden" name="preguntaId" value={pregunta.id} />
          <button
            type="submit"
            name="intent"
            value={intent}
            className="btn-ghost px-2 py-1"
            aria-label={`${label} ${which}`}
          >
            {label}
          </button>
        </Form>
      ))}
      {team || mine ? (
        <Link
          to={link("eliminar")}
          preventScrollReset
          className="btn-danger px-2 py-1"
          aria-label={mine && !team ? "Eliminar tu pregunta" : `Eliminar ${which}`}
        >
          Eliminar
        </Link>
      ) : null}
    </>
  );
}

export default function ModuleQuestions({ loaderData, actionData }: Route.ComponentProps) {
  const { course, module, team, enrolled, filtro, preguntas, cursors, editing, toDelete, answering, answerToDelete } =
    loaderData;
  const { search } = useLocation();
  const here = questionPath(course.id, module.index);
  const close = (name: string) => withParam(search, name, null, here);
  const moduleNumber = module.index + 1;
  const filterHref = (f: QuestionFilter) => (f === "todas" ? here : `${here}?filtro=${f}`);
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <BackToCourse to={`/cursos/${course.id}?modulo=${moduleNumber}#modulo-${moduleNumber}`}>
        {course.titulo}
      </BackToCourse>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 break-words">Preguntas: {module.titulo}</h1>
      <p className="mt-1 text-slate-600">
        {team ? (
          <>
            Responde las preguntas del módulo; quien preguntó recibe un aviso. Todo el curso ve las preguntas y sus
            respuestas.{" "}
            <Link to={`/cursos/${course.id}/preguntas`} className="font-medium text-brand-700 underline">
              Sin responder en todo el curso
            </Link>
          </>
        ) : (
          "Pregunta lo que no te quedó claro del módulo. El equipo docente responde y todo el curso ve las " +
          "preguntas y sus respuestas."
        )}
      </p>

      {editing ? (
        <section id="editar-pregunta" aria-labelledby="editar-pregunta-encabezado" className="card mt-6 p-4 sm:p-6">
          <h2 id="editar-pregunta-encabezado" className="text-lg font-semibold text-slate-900">
            Editar tu pregunta
          </h2>
          <PlainTextPostForm
            key={editing.id}
            id="editar-pregunta-form"
            intent="edit"
            actionData={actionData}
            defaultValue={{ texto: editing.texto }}
            idName="preguntaId"
            idValue={editing.id}
            text={QUESTION_FIELD}
            submitLabel="Guardar cambios"
            pendingLabel="Guardando..."
            cancelHref={close("editar")}
          />
        </section>
      ) : enrolled ? (
        <section aria-labelledby="nueva-pregunta-encabezado" className="card mt-6 p-4 sm:p-6">
          <h2 id="nueva-pregunta-encabezado" className="text-lg font-semibold text-slate-900">
            Hacer una pregunta
          </h2>
          <PlainTextPostForm
            id="nueva-pregunta"
            intent="ask"
            actionData={actionData}
            text={QUESTION_FIELD}
            submitLabel="Enviar pregunta"
            pendingLabel="Enviando..."
          />
        </section>
      ) : null}

      <nav aria-label="Filtrar preguntas" className="mt-8 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f}
            to={filterHref(f)}
            aria-current={f === filtro ? "page" : undefined}
            className={f === filtro ? "btn-primary px-3 py-1" : "btn-secondary px-3 py-1"}
          >
            {FILTER_LABEL[f]}
          </Link>
        ))}
      </nav>

      {answering && !preguntas.some((p) => p.id === answering.id) ? (
        // A question asked for from another page (the course's 'Sin responder'), not on this one.
        <section aria-labelledby="responder-encabezado" className="mt-6">
          <h2 id="responder-encabezado" className="text-lg font-semibold text-slate-900">
            Responder esta pregunta
          </h2>
          <div className="mt-3">
            <QuestionArticle
              pregunta={answering}
              after={<AnswerForm preguntaId={answering.id} actionData={actionData} cancelHref={close("responder")} />}
            />
          </div>
        </section>
      ) : null}

      <h2 className="sr-only">{FILTER_LABEL[filtro]}</h2>
      {preguntas.length === 0 ? (
        <p className="card mt-4 p-6 text-slate-600">{NO_QUESTIONS[filtro]}</p>
      ) : (
        <div className="mt-4 space-y-3">
          {preguntas.map((pregunta) => (
            <QuestionArticle
              key={pregunta.id}
              pregunta={pregunta}
              actions={
                team || pregunta.propia ? <Actions pregunta={pregunta} team={team} search={search} here={here} /> : null
              }
              answerActions={
                team
                  ? (respuesta) => (
                      <Link
                        to={withParam(search, "eliminar-respuesta", respuesta.id, here)}
                        preventScrollReset
                        className="inline-block py-1 text-sm font-medium text-red-700 underline"
                        aria-label={`Eliminar respuesta de ${answererLine(respuesta.autor)}`}
                      >
                        Eliminar respuesta
                      </Link>
                    )
                  : undefined
              }
              after={
                answering?.id === pregunta.id ? (
                  <AnswerForm preguntaId={pregunta.id} actionData={actionData} cancelHref={close("responder")} />
                ) : null
              }
            />
          ))}
        </div>
      )}
      <KeysetPager cursors={cursors} label="Paginación de preguntas" />

      {answerToDelete ? (
        <ConfirmDeleteDialog
          title="¿Eliminar esta respuesta?"
          closeHref={close("eliminar-respuesta")}
          idName="respuestaId"
          idValue={answerToDelete.id}
        >
          <p className="break-words whitespace-pre-line">{answerToDelete.texto}</p>
          <p className="mt-2">
            La respuesta deja de verse para todo el curso; si era la única, la pregunta vuelve a quedar sin responder.
            No se puede deshacer.
          </p>
        </ConfirmDeleteDialog>
      ) : null}
      {toDelete ? (
        <ConfirmDeleteDialog
          title="¿Eliminar esta pregunta?"
          closeHref={close("eliminar")}
          idName="preguntaId"
          idValue={toDelete.id}
        >
          <p className="break-words whitespace-pre-line">{toDelete.texto}</p>
          <p className="mt-2">La pregunta y sus respuestas dejan de verse para todo el curso. No se puede deshacer.</p>
        </ConfirmDeleteDialog>
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CourseListErrorBoundary error={error} failed="No se pudieron cargar las preguntas." />;
}
