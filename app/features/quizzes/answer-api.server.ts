// POST /api/cursos/{id}/modulos/{index}/responder and POST /api/quiz/respuestas share this:
// only `respuestas` is read; any aprobado / calificacion / porcentaje / puntajeTotal / usuarioId
// the client sends is ignored. The response is the server's result.
import { ApiError, apiFailure, apiJson } from "~/lib/api.server.ts";
import type { SessionUser } from "~/features/auth/session.server.ts";
import { normalizeAnswers } from "./grading.ts";
import { submitAttempt } from "./quiz.server.ts";

export async function answerFromApi(
  user: SessionUser,
  courseId: unknown,
  moduleIndex: unknown,
  body: Record<string, unknown>,
) {
  const index = typeof moduleIndex === "number" ? moduleIndex : Number(moduleIndex);
  if (typeof courseId !== "string" || !courseId || !Number.isInteger(index))
    throw new ApiError(400, "Faltan cursoId o moduloIndex válidos.");
  // One load of the quiz: its access checks (404 / 401 / 403), then the answers normalised
  // against its questions.
  const outcome = await submitAttempt(user, courseId, index, (questions) =>
    normalizeAnswers(questions, body.respuestas),
  );
  if (!outcome.ok) return apiFailure(outcome);
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
