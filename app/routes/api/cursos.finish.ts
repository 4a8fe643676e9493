import { BAD_TOKEN, TOKEN_ENDED } from "~/features/accounts/api-token.server.ts";
import { finishCourse } from "~/features/certificates/certificates.server.ts";
import {
  FINISH_LOGIN_REQUIRED,
  FINISH_NO_QUIZZES,
  FINISH_NOT_ENROLLED,
  finishIncomplete,
} from "~/features/certificates/texts.ts";
import { FinishedSchema, FinishSchema, type Finished } from "~/features/certificates/schema.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/cursos/finalizar", {
  post: {
    tag: "Certificados",
    summary: "Terminar un curso y obtener el certificado",
    description: "Solo con el 100 % de progreso. El usuario es siempre quien llama.",
    access: "user",
    // Neither token nor session: the feature's own message (docs/product.md#certificates).
    messages: { missing: FINISH_LOGIN_REQUIRED, invalid: BAD_TOKEN, noUser: BAD_TOKEN, ended: TOKEN_ENDED },
    body: { json: FinishSchema },
    ok: { 201: json("Certificado emitido.", FinishedSchema), 200: json("Ya estaba emitido.", FinishedSchema) },
    errors: {
      400: invalid("El curso aún no está terminado, o no tiene evaluaciones.", finishIncomplete(50), FINISH_NO_QUIZZES),
      403: error("Quien llama no está inscrito en el curso.", FINISH_NOT_ENROLLED),
      404: error("Curso no encontrado.", COURSE_NOT_FOUND),
    },
    handler: async ({ user, body, request }) => {
      const outcome = await finishCourse(user, (await body()).cursoId, request);
      if (!outcome.ok) return apiFailure(outcome);
      const { diplomaUrl, codigo, verificationUrl: verificacionUrl } = outcome;
      return apiJson<Finished>({ diplomaUrl, codigo, verificacionUrl }, outcome.created ? 201 : 200);
    },
  },
});
export const action = loader;
