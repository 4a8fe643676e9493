import { data, Form, Link, redirect, useNavigation } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary.tsx";
import { getOptionalUser, loginRedirect } from "~/features/accounts/guards.server.ts";
import {
  getQuizForViewer,
  moduleAfter,
  startAttempt,
  submitAttempt,
  type AttemptInfo,
} from "~/features/quizzes/quiz.server.ts";
import { Countdown } from "~/features/quizzes/countdown.tsx";
import { formatChileDateTime } from "~/lib/chile-time.ts";
import { finishActionPath } from "~/features/certificates/finish-course-panel.tsx";
import { GET_CERTIFICATE } from "~/features/certificates/texts.ts";
import { ok } from "~/lib/failure.ts";
import { formatPercent } from "~/lib/percent.ts";
import { readForm } from "~/lib/form.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/quiz";

// The quiz of one module: answered with radio buttons, checkboxes or a text box by kind of question
// (docs/decisions/046-kinds-of-question.md), graded on the server (works without JS).
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Cursos");

const FIELD = "p_";

/** '100% · Aprobado', '33% · No aprobado' (docs/product.md#texts-quizzes-and-certificates): a result or the best. */
const resultLabel = (porcentaje: number, aprobado: boolean) =>
  `${formatPercent(porcentaje)} · ${aprobado ? "Aprobado" : "No aprobado"}`;

export async function loader(args: Route.LoaderArgs) {
  const viewer = await getOptionalUser(args);
  if (!viewer) throw loginRedirect(args.request);
  const result = await getQuizForViewer(args.params.cursoId, Number(args.params.moduloIndex), viewer);
  if (!result.ok) throw data(result.message, { status: result.status });
  return { ...result, siguiente: await moduleAfter(result.quiz.course.id, result.quiz.module.index) };
}

export async function action(args: Route.ActionArgs) {
  const viewer = await getOptionalUser(args);
  if (!viewer) throw loginRedirect(args.request);
  const form = await readForm(args.request);
  // 'Comenzar intento' (docs/decisions/045-served-attempts.md): started or the open one kept, then
  // the page again, now serving it.
  if (form.get("intent") === "comenzar") {
    const started = await startAttempt(viewer, args.params.cursoId, Number(args.params.moduloIndex));
    const { cursoId, moduloIndex } = args.params;
    if (started.ok) throw redirect(`/cursos/${cursoId}/modulos/${moduloIndex}/evaluacion`);
    if (started.status !== 409) throw data(started.message, { status: started.status });
    return data({ ...started, unanswered: [] as number[], selected: {} as Record<string, string> }, { status: 409 });
  }
  // One value per question; several for a 'multiple' one's checkboxes.
  const answers: Record<string, string | string[]> = {};
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name).filter((v) => typeof v === "string");
    if (name.startsWith(FIELD)) answers[name.slice(FIELD.length)] = values.length === 1 ? values[0]! : values;
  }
  const outcome = await submitAttempt(viewer, args.params.cursoId, Number(args.params.moduloIndex), answers);
  // A refused attempt (unanswered questions, no attempts left) is the Failure itself, shown with the
  // choices kept; any other (no access, no quiz) is the page's error.
  if (!outcome.ok) {
    if (outcome.status !== 400 && outcome.status !== 409) throw data(outcome.message, { status: outcome.status });
    return data({ ...outcome, selected: answers }, { status: outcome.status });
  }
  return ok({
    selected: answers,
    result: {
      ...outcome.grade,
      preguntas: outcome.preguntas,
      fueraDeTiempo: outcome.fueraDeTiempo,
      progreso: outcome.progreso,
      info: outcome.info,
    },
  });
}

export default function Quiz({ loaderData, actionData }: Route.ComponentProps) {
  const { quiz, info, siguiente, intento, porComenzar } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const result = actionData?.ok ? actionData.result : null;
  const failure = actionData && !actionData.ok ? actionData : null;
  const unanswered = new Set(failure && "unanswered" in failure ? (failure.unanswered ?? []) : []);
  // With a limit, none left: the result stays, the form and 'Intentar nuevamente' go.
  // An open attempt is counted already (docs/decisions/045-served-attempts.md): it can still be answered.
  const noneLeft = (result?.info ?? info).intentosRestantes === 0 && (!!result || !intento);
  // What was served: the graded attempt's questions after a result, else the page's.
  const preguntas = result?.preguntas ?? quiz.preguntas;
  const selected = actionData?.selected ?? {};
  // Back to this module, opened and scrolled to (without JavaScript too).
  const moduleNumber = quiz.module.index + 1;
  const backToCourse = `/cursos/${quiz.course.id}?modulo=${moduleNumber}#modulo-${moduleNumber}`;
  // Passed: on to the next module, opened the same way (or, after the last one at 100 %, the certificate).
  const nextModule = siguiente
    ? `/cursos/${quiz.course.id}?modulo=${siguiente.numero}#modulo-${siguiente.numero}`
    : null;
  // The course's exigencia is its pass mark (docs/decisions/043-one-pass-mark.md).
  const passMark = formatPercent(quiz.course.exigencia);
  // What the module's review allows (features/quizzes/review.ts): nothing per question with 'puntaje'.
  const reviewed = result && "respuestas" in result ? result.respuestas : [];
  const correctness = new Map(reviewed.map((r) => [r.preguntaId, r]));

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm">
        <Link to={backToCourse} className="text-brand-700 hover:underline">
          ← {quiz.course.titulo}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Evaluación: {quiz.module.titulo}</h1>

      <QuizStanding info={result?.info ?? info} />

      {result ? (
        <section aria-live="polite" className={`mt-6 ${result.aprobado ? "alert-success" : "alert-error"}`}>
          <h2 className="text-lg font-bold">{resultLabel(result.porcentaje, result.aprobado)}</h2>
          {result.fueraDeTiempo ? <p className="mt-1 font-semibold">{LATE}</p> : null}
          <p className="mt-1">
            {result.correctas} de {result.totalPreguntas} respuestas correctas. Se necesita un {passMark} para aprobar.
            Tu avance en el curso: {formatPercent(result.progreso)}.
          </p>
          {result.info.intentosPrevios > 1 && result.info.mejorPorcentaje !== null ? (
            <p className="mt-1 font-semibold">
              Se conserva tu mejor resultado: {resultLabel(result.info.mejorPorcentaje, result.info.aprobado)}.
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            {result.aprobado && nextModule && siguiente ? (
              <Link to={nextModule} className="btn-primary">
                Ir al módulo siguiente: {siguiente.titulo}
              </Link>
            ) : null}
            {result.aprobado && !siguiente && result.progreso === 100 ? (
              <Form method="post" action={finishActionPath(quiz.course.id)}>
                <button type="submit" className="btn-primary">
                  {GET_CERTIFICATE}
                </button>
              </Form>
            ) : null}
            <Link to={backToCourse} className={result.aprobado ? "btn-secondary" : "btn-primary"}>
              Volver al curso
            </Link>
            {/* A fresh GET of this page: an empty quiz, with or without JavaScript. */}
            {noneLeft ? null : (
              <a href={`/cursos/${quiz.course.id}/modulos/${quiz.module.index}/evaluacion`} className="btn-secondary">
                Intentar nuevamente
              </a>
            )}
          </div>
        </section>
      ) : null}

      {failure ? (
        <p role="alert" className="alert-error mt-6">
          {failure.message}
        </p>
      ) : null}

      {porComenzar && !result && !noneLeft ? (
        <Form method="post" className="card mt-6 space-y-3 p-5">
          <p>{startText(quiz.module)}</p>
          <button type="submit" name="intent" value="comenzar" className="btn-primary" disabled={sending}>
            Comenzar intento
          </button>
        </Form>
      ) : null}

      {intento?.terminaEn && !result ? (
        <p className="card mt-6 p-4 font-semibold">
          Este intento termina el {formatChileDateTime(new Date(intento.terminaEn))} (hora de Chile).{" "}
          <Countdown until={intento.terminaEn} />
        </p>
      ) : null}

      {(noneLeft && !result) || (porComenzar && !result) ? null : (
        <Form method="post" className="mt-6 space-y-5" key={result ? "done" : "open"}>
          {preguntas.map((q, i) => {
            const missing = unanswered.has(i + 1);
            const verdict = correctness.get(q.id);
            return (
              <fieldset
                key={q.id}
                aria-invalid={missing || undefined}
                aria-describedby={missing ? `falta-${q.id}` : undefined}
                className={`card p-5 ${missing ? "border-red-400 ring-2 ring-red-100" : ""}`}
              >
                <legend className="px-1 font-semibold text-slate-900">
                  {i + 1}. {q.texto}
                </legend>
                {missing ? (
                  <p id={`falta-${q.id}`} className="field-error">
                    Falta responder esta pregunta.
                  </p>
                ) : null}
                <div className="mt-3 space-y-2">
                  {q.tipo === "multiple" ? <p className="text-sm text-slate-600">Marca todas las correctas.</p> : null}
                  {q.tipo === "respuesta_corta" || q.tipo === "numerica" ? (
                    <TypedAnswer
                      name={`${FIELD}${q.id}`}
                      numeric={q.tipo === "numerica"}
                      value={[selected[q.id] ?? ""].flat()[0] ?? ""}
                      disabled={!!result}
                    />
                  ) : null}
                  {q.opciones.map((o) => (
                    <label
                      key={o.id}
                      className={
                        "flex cursor-pointer items-start gap-3 rounded-lg " +
                        "border border-slate-200 px-3 py-2 hover:bg-slate-50"
                      }
                    >
                      <input
                        type={q.tipo === "multiple" ? "checkbox" : "radio"}
                        name={`${FIELD}${q.id}`}
                        value={o.id}
                        defaultChecked={[selected[q.id]].flat().includes(o.id)}
                        disabled={!!result}
                        className="mt-1"
                      />
                      <span>{o.texto}</span>
                    </label>
                  ))}
                </div>
                {verdict ? (
                  <p className={`mt-3 text-sm font-semibold ${verdict.esCorrecta ? "text-green-700" : "text-red-700"}`}>
                    {verdict.esCorrecta
                      ? "✓ Correcta"
                      : verdict.puntaje > 0
                        ? `◐ Parcialmente correcta (${formatPercent(verdict.puntaje)})`
                        : "✗ Incorrecta"}
                    {!verdict.esCorrecta && verdict.respuestaCorrecta ? (
                      <span className="block font-normal text-slate-700">
                        Respuesta correcta: {verdict.respuestaCorrecta}
                      </span>
                    ) : null}
                  </p>
                ) : null}
              </fieldset>
            );
          })}
          {!result ? (
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={sending}>
              {sending ? "Enviando..." : "Terminar evaluación"}
            </button>
          ) : null}
        </Form>
      )}
    </div>
  );
}

/** A short or numeric answer's box (a numeric one opens the decimal keypad; comma or dot). */
function TypedAnswer({
  name,
  numeric,
  value,
  disabled,
}: {
  name: string;
  numeric: boolean;
  value: string;
  disabled: boolean;
}) {
  return (
    <label className="block">
      <span className="label">{numeric ? "Tu respuesta (un número; usa coma o punto decimal)" : "Tu respuesta"}</span>
      <input
        type="text"
        name={name}
        defaultValue={value}
        disabled={disabled}
        inputMode={numeric ? "decimal" : undefined}
        autoComplete="off"
        maxLength={500}
        className="input"
      />
    </label>
  );
}

/**
 * What counts so far: the best result and whether the module is passed (a later, worse attempt
 * never takes a pass away), and how many attempts there were.
 */
function QuizStanding({ info }: { info: AttemptInfo }) {
  return (
    <dl className="card mt-4 grid grid-cols-2 gap-2 p-4 text-center text-sm">
      <div>
        <dt className="text-slate-600">Mejor resultado</dt>
        <dd className="font-semibold">
          {info.mejorPorcentaje === null ? "Sin intentos" : resultLabel(info.mejorPorcentaje, info.aprobado)}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">Intentos</dt>
        <dd className="font-semibold">
          {info.intentosMaximos === null ? info.intentosPrevios : `${info.intentosPrevios} de ${info.intentosMaximos}`}
        </dd>
      </div>
      {info.intentosRestantes === null ? null : (
        <div className="col-span-2">
          <dt className="sr-only">Intentos restantes</dt>
          <dd className="font-semibold">{attemptsLeftText(info.intentosRestantes)}</dd>
        </div>
      )}
    </dl>
  );
}

/** Answered after the time limit and its grace (docs/decisions/045-served-attempts.md). */
const LATE = "Tus respuestas llegaron después del tiempo límite: el intento se calificó como entregado sin respuestas.";

/** Before 'Comenzar intento': what an attempt will be. */
function startText(m: { barajar: boolean; preguntasPorIntento: number | null; tiempoLimiteMin: number | null }) {
  const n = m.preguntasPorIntento;
  const parts = [
    n === null ? null : `Cada intento tiene ${n} ${n === 1 ? "pregunta elegida" : "preguntas elegidas"} al azar.`,
    m.barajar ? "Las preguntas y sus opciones cambian de orden en cada intento." : null,
    m.tiempoLimiteMin === null ? null : `Tienes ${m.tiempoLimiteMin} min desde que comienzas; el reloj no se detiene.`,
  ];
  return parts.filter(Boolean).join(" ");
}

/** A module with an attempt limit (docs/product.md#grading): what is left. */
const attemptsLeftText = (n: number) =>
  n === 0 ? "No te quedan intentos en esta evaluación." : n === 1 ? "Te queda 1 intento." : `Te quedan ${n} intentos.`;

const QUIZ_LOAD_FAILED = "Error al cargar la evaluación.";

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      defaultStatusHandler={({ message }) => ({ title: message ?? QUIZ_LOAD_FAILED })}
      unexpectedErrorHandler={() => ({ title: QUIZ_LOAD_FAILED })}
      back={{ href: "/cursos", label: "Ver cursos" }}
    />
  );
}
