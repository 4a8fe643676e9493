// POST /api/cursos/{id}/modulos/{index}/responder and POST /api/quiz/respuestas share this:
// only `respuestas` is read; any aprobado / calificacion / porcentaje / puntajeTotal / usuarioId
// the client sends is ignored. The response is the server's result.
import { ApiError, apiError, apiJson } from "~/lib/api.server.ts";
import type { SessionUser } from "~/features/auth/session.server.ts";
import { normalizeAnswers } from "./grading.ts";
import { QUIZ_NOT_FOUND, quizQuestionsForNormalising, submitAttempt } from "./quiz.server.ts";

export async function answerFromApi(
  user: SessionUser,
  courseId: unknown,
  moduleIndex: unknown,
  body: Record<string, unknown>,
) {
  const index = typeof moduleIndex === "number" ? moduleIndex : Number(moduleIndex);
  if (typeof courseId !== "string" || !courseId || !Number.isInteger(index))
    throw new ApiError(400, "Faltan cursoId o moduloIndex válidos.");
  const questions = await quizQuestionsForNormalising(courseId, index, user);
  if (!questions) {
    // Same checks (and messages) as a submission: 404 / 403.
    const outcome = await submitAttempt(user, courseId, index, {});
    return apiError(outcome.ok ? 404 : outcome.status, outcome.ok ? QUIZ_NOT_FOUND : outcome.message);
  }
  const outcome = await submitAttempt(user, courseId, index, normalizeAnswers(questions, body.respuestas));
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  return apiJson({
    aprobado: outcome.grade.aprobado,
    porcentaje: outcome.grade.porcentaje,
    calificacion: outcome.grade.porcentaje,
    correctas: outcome.grade.correctas,
    totalPreguntas: outcome.grade.totalPreguntas,
    respuestas: outcome.grade.respuestas.map(({ pregunta, respuestaUsuario, esCorrecta }) => ({
      pregunta,
      respuestaUsuario,
      esCorrecta,
    })),
    progreso: outcome.progreso,
    intentosPrevios: outcome.info.intentosPrevios,
  });
}
