import { joinClass } from "~/features/classes/classes.server.ts";
import { JoinClassSchema, JoinedClassSchema, type JoinedClass } from "~/features/classes/schema.ts";
import {
  alreadyMember,
  JOIN_CODE_MALFORMED,
  JOIN_CODE_REQUIRED,
  JOIN_CODE_UNKNOWN,
  JOIN_COURSE_NOT_OPEN,
  JOIN_TOO_MANY,
  joinedClass,
} from "~/features/classes/texts.ts";
import { enrolWrongAudience } from "~/features/enrolment/rules.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";
import { CLASS_EXAMPLE } from "./examples.server.ts";

export const loader = apiRoute("/api/clases/unirse", {
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
    handler: async ({ user, body, request }) => {
      const outcome = await joinClass(user, (await body()).codigo, request);
      if (!outcome.ok) return apiFailure(outcome);
      const { message, clase, curso, inscripcionNueva } = outcome;
      return apiJson<JoinedClass>({ message, clase, curso, inscripcionNueva }, 201);
    },
  },
});
export const action = loader;
