import { QUIZ_CALL, QuizStartedSchema, startFromApi } from "~/features/quizzes/answer-api.server.ts";
import { NO_ATTEMPTS_LEFT, NOTHING_TO_START } from "~/features/quizzes/quiz.server.ts";
import { apiRoute } from "./api-route.server.ts";
import { error, json } from "~/lib/api/operation.server.ts";

export const loader = apiRoute("/api/cursos/{cursoId}/modulos/{moduloIndex}/intentos", {
  post: {
    ...QUIZ_CALL,
    summary: "Comenzar un intento de la evaluación de un módulo",
    description:
      "Para un módulo que baraja, elige preguntas de un banco o tiene tiempo límite: crea el intento abierto de " +
      "quien llama (o devuelve el que ya tiene abierto) con sus preguntas en el orden servido. Cuenta como " +
      "intento desde ahora. Un módulo sin estos ajustes responde 409: se responde directamente.",
    errors: {
      ...QUIZ_CALL.errors,
      409: error("Sin intentos, o un módulo que no sirve intentos.", NO_ATTEMPTS_LEFT(2), NOTHING_TO_START),
    },
    ok: { 200: json("El intento abierto.", QuizStartedSchema) },
    handler: async ({ user, params }) => startFromApi(user, params.cursoId, params.moduloIndex),
  },
});
export const action = loader;
