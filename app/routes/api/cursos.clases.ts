import { createClass, listClasses } from "~/features/classes/classes.server.ts";
import {
  ClassListSchema,
  ClassNameSchema,
  ClassSummarySchema,
  type ClassList,
  type ClassSummary,
} from "~/features/classes/schema.ts";
import { CLASS_NAME_REQUIRED, CLASS_NAME_TAKEN, CLASS_NAME_TOO_LONG } from "~/features/classes/texts.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { apiError, apiFailure, apiJson, apiNumberedPageJson } from "~/lib/api.server.ts";
import { error, invalid, json, PAGED } from "~/lib/api/operation.server.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { TEXT_NOT_ALLOWED } from "~/lib/text.ts";
import { apiRoute } from "./api-route.server.ts";
import { CLASS_EXAMPLE } from "./examples.server.ts";

export const loader = apiRoute("/api/cursos/{cursoId}/clases", {
  get: {
    tag: "Clases",
    summary: "Clases de un curso",
    description:
      "Las clases del curso por nombre, 50 por página, cada una con su código para unirse y cuántas personas tiene.",
    access: "team",
    query: ["page"],
    ok: {
      200: {
        ...json("Una página de las clases.", ClassListSchema, PAGED),
        example: { cursoId: CLASS_EXAMPLE.cursoId, clases: [CLASS_EXAMPLE], total: 1, page: 1, pageCount: 1 },
      },
    },
    errors: { 404: error("Curso no encontrado.", COURSE_NOT_FOUND) },
    handler: async ({ params: { cursoId }, url }) => {
      const list = await listClasses(cursoId, { page: pageFrom(url) });
      if (!list) return apiError(404, COURSE_NOT_FOUND);
      return apiNumberedPageJson<ClassList>({ cursoId, ...list }, url.href, list);
    },
  },
  post: {
    tag: "Clases",
    summary: "Crear una clase",
    description:
      "Una clase nueva del curso, con un código nuevo (8 letras y números sin caracteres que se confundan). " +
      "El nombre es único en el curso. Queda en el registro de auditoría.",
    access: "team",
    body: { json: ClassNameSchema },
    ok: { 201: { ...json("La clase creada.", ClassSummarySchema), example: { ...CLASS_EXAMPLE, estudiantes: 0 } } },
    errors: {
      400: invalid("Nombre inválido.", CLASS_NAME_REQUIRED, CLASS_NAME_TOO_LONG, TEXT_NOT_ALLOWED),
      404: error("Curso no encontrado (solo un administrador lo ve: al equipo se le responde 403).", COURSE_NOT_FOUND),
      409: error("Ya hay una clase con ese nombre en el curso.", CLASS_NAME_TAKEN),
    },
    handler: async ({ user, params, body, request }) => {
      const outcome = await createClass(user, params.cursoId, (await body()).nombre, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<ClassSummary>(outcome.clase, 201);
    },
  },
});
export const action = loader;
