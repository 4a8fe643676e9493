// The API's calls under the OpenAPI tag Clases (docs/product.md#classes): a course's classes and
// joining one with its code. The builder (lib/api/openapi.server.ts) puts them in the
// document in this order; each entry names the schemas its route reads and answers with and the
// texts it sends, in the vocabulary of lib/api/operation.server.ts.
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { enrolWrongAudience } from "~/features/enrolment/rules.ts";
import { error, invalid, json, PAGED, type Operations } from "~/lib/api/operation.server.ts";
import { TEXT_NOT_ALLOWED } from "~/lib/text.ts";
import { INVITATION_ANSWER_REQUIRED, INVITATION_NOT_FOUND } from "./invitation-texts.ts";
import {
  ClassListSchema,
  ClassNameSchema,
  ClassSummarySchema,
  InvitationAnsweredSchema,
  InvitationAnswerSchema,
  JoinClassSchema,
  JoinedClassSchema,
} from "./schema.ts";
import {
  alreadyMember,
  CLASS_NAME_REQUIRED,
  CLASS_NAME_TAKEN,
  CLASS_NAME_TOO_LONG,
  JOIN_CODE_MALFORMED,
  JOIN_CODE_REQUIRED,
  JOIN_CODE_UNKNOWN,
  JOIN_COURSE_NOT_OPEN,
  JOIN_TOO_MANY,
  joinedClass,
} from "./texts.ts";

const CLASS_EXAMPLE = {
  id: "cm3clase0000abcd1234efgh",
  cursoId: "cm3curso0000abcd1234efgh",
  nombre: "Curso 3°B 2026",
  codigo: "K7MD-4QXA",
  estudiantes: 32,
  creadaEn: "2026-03-02T12:00:00.000Z",
};

/** The calls of the tag Clases, in the order of the document. */
export const CLASS_CALLS: Operations = {
  "/api/cursos/{cursoId}/clases": {
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
        404: error(
          "Curso no encontrado (solo un administrador lo ve: al equipo se le responde 403).",
          COURSE_NOT_FOUND,
        ),
        409: error("Ya hay una clase con ese nombre en el curso.", CLASS_NAME_TAKEN),
      },
    },
  },
  "/api/clases/unirse": {
    post: {
      tag: "Clases",
      summary: "Unirse a una clase con su código",
      description:
        "Como «Unirme a una clase» del panel: quien llama queda en la clase y, si aún no lo estaba, inscrito en su " +
        "curso, en una sola transacción. Valen las reglas de inscripción del curso (publicado, su público). Los " +
        "códigos equivocados se cuentan por cuenta: después de 10 en 15 minutos se responde 429.",
      access: "user",
      body: { json: JoinClassSchema },
      ok: {
        201: {
          ...json("Ahora es parte de la clase.", JoinedClassSchema),
          example: {
            message: joinedClass("Curso 3°B 2026", "Compostaje en casa"),
            clase: { id: CLASS_EXAMPLE.id, nombre: "Curso 3°B 2026" },
            curso: { id: CLASS_EXAMPLE.cursoId, titulo: "Compostaje en casa" },
            inscripcionNueva: true,
          },
        },
      },
      errors: {
        400: invalid("El código no tiene la forma de un código de clase.", JOIN_CODE_REQUIRED, JOIN_CODE_MALFORMED),
        403: invalid("El curso de la clase es para otro público.", enrolWrongAudience("docente")),
        404: error("Ninguna clase tiene ese código.", JOIN_CODE_UNKNOWN),
        409: {
          description: "Ya es parte de la clase, o el curso aún no está publicado.",
          texts: [alreadyMember("Curso 3°B 2026", "Compostaje en casa"), JOIN_COURSE_NOT_OPEN],
          varies: true,
        },
        429: error("Demasiados códigos equivocados (ver Retry-After).", JOIN_TOO_MANY),
      },
    },
  },
  "/api/clases/invitaciones/{invitacionId}": {
    post: {
      tag: "Clases",
      summary: "Aceptar o rechazar una invitación a una clase",
      description:
        "Solo la cuenta invitada. Cuando la lista de una clase nombra a alguien que ya tiene cuenta, no se le " +
        "inscribe: recibe una invitación (una notificación que enlaza a /invitaciones/{invitacionId} y, según " +
        "sus preferencias, un correo). `aceptar` la deja en la clase y, si aún no lo estaba, inscrita en el " +
        "curso, en una sola transacción y con las reglas de inscripción del curso; `rechazar` no cambia nada " +
        "más (la misma lista importada otra vez no vuelve a invitar, y la invitación aún puede aceptarse).",
      access: "user",
      body: { json: InvitationAnswerSchema },
      ok: {
        200: {
          ...json("La respuesta quedó registrada.", InvitationAnsweredSchema),
          example: {
            message: joinedClass("Curso 3°B 2026", "Compostaje en casa"),
            respuesta: "aceptar",
            clase: { id: CLASS_EXAMPLE.id, nombre: "Curso 3°B 2026" },
            curso: { id: CLASS_EXAMPLE.cursoId, titulo: "Compostaje en casa" },
            inscripcionNueva: true,
          },
        },
      },
      errors: {
        400: invalid("Falta la respuesta o no es aceptar ni rechazar.", INVITATION_ANSWER_REQUIRED),
        403: invalid("El curso de la clase es para otro público.", enrolWrongAudience("docente")),
        404: error("No hay una invitación con ese id para quien llama (o ya la aceptó).", INVITATION_NOT_FOUND),
        409: error("El curso aún no está publicado.", JOIN_COURSE_NOT_OPEN),
      },
    },
  },
};
