import { askQuestion, listModuleQuestions, moduleAccess } from "~/features/questions/questions.server.ts";
import {
  QuestionFieldsSchema,
  QuestionJsonSchema,
  QuestionListSchema,
  type QuestionJson,
  type QuestionList,
} from "~/features/questions/schema.ts";
import {
  ASK_FORBIDDEN,
  ASKING_TOO_FAST,
  QUESTIONS_FORBIDDEN,
  type QuestionFilter,
} from "~/features/questions/texts.ts";
import { apiFailure, apiJson, apiPageJson } from "~/lib/api.server.ts";
import { error, json, KEYSET } from "~/lib/api/operation.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { apiRoute } from "./api-route.server.ts";
import { MODULE_PATH_NOT_FOUND, QUESTION_EXAMPLE as EXAMPLE, QUESTION_INVALID } from "./examples.server.ts";

export const loader = apiRoute("/api/cursos/{cursoId}/modulos/{moduloIndex}/preguntas", {
  get: {
    tag: "Preguntas",
    summary: "Preguntas de un módulo",
    description:
      "Las preguntas del módulo (su posición en el curso, desde 0) con sus respuestas, la más nueva primero, " +
      "20 por página; filtro=sin-responder o resueltas las acota. El encabezado Link da las páginas siguiente y " +
      "anterior. Las ven quienes están inscritos en el curso (mientras esté publicado) y su equipo docente; una " +
      "pregunta oculta, solo el equipo y quien la hizo. El texto es simple: quien lo muestre debe escaparlo.",
    access: "user",
    query: ["filtro", ...KEYSET],
    ok: {
      200: {
        ...json("Una página de preguntas.", QuestionListSchema, ["Link"]),
        example: {
          cursoId: EXAMPLE.cursoId,
          moduloIndex: 1,
          modulo: EXAMPLE.modulo,
          filtro: "todas",
          preguntas: [EXAMPLE],
        },
      },
    },
    errors: {
      403: error("Quien llama no está inscrito en el curso ni es de su equipo docente.", QUESTIONS_FORBIDDEN),
      404: MODULE_PATH_NOT_FOUND,
    },
    handler: async ({ user, params, url }) => {
      const access = await moduleAccess(user, params.cursoId, params.moduloIndex);
      if (!access.ok) return apiFailure(access);
      const filtro = (url.searchParams.get("filtro") ?? "todas") as QuestionFilter;
      const list = await listModuleQuestions(user, access, filtro, cursorFrom(url));
      const { course, module } = access;
      return apiPageJson<QuestionList>(
        { cursoId: course.id, moduloIndex: module.index, modulo: module.titulo, filtro, preguntas: list.preguntas },
        url.href,
        { page: pageFrom(url), cursors: list.cursors },
      );
    },
  },
  post: {
    tag: "Preguntas",
    summary: "Hacer una pregunta",
    description:
      "Una pregunta nueva en el módulo, de quien llama (inscrito en el curso). Se avisa a los profesores/as del " +
      "curso según sus preferencias (por omisión, un correo al momento). Hasta 6 preguntas o ediciones cada 10 " +
      "minutos y 40 al día por cuenta.",
    access: "user",
    body: { json: QuestionFieldsSchema },
    ok: {
      201: {
        ...json("La pregunta.", QuestionJsonSchema),
        example: { ...EXAMPLE, propia: true, respondida: false, respuestas: [] },
      },
    },
    errors: {
      400: QUESTION_INVALID,
      403: error("Quien llama no está inscrito en el curso.", QUESTIONS_FORBIDDEN, ASK_FORBIDDEN),
      404: MODULE_PATH_NOT_FOUND,
      429: error("Demasiadas preguntas seguidas (ver Retry-After).", ASKING_TOO_FAST),
    },
    handler: async ({ user, params, body }) => {
      const access = await moduleAccess(user, params.cursoId, params.moduloIndex);
      if (!access.ok) return apiFailure(access);
      const outcome = await askQuestion(user, access, await body());
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<QuestionJson>(outcome.pregunta, 201);
    },
  },
});
export const action = loader;
