import { z } from "zod";
import { apiClassOfManager } from "~/features/classes/guards.server.ts";
import { resetPupilPassword } from "~/features/classes/pupils.server.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";
import { PUPIL_ERRORS } from "./examples.server.ts";

const NewPasswordSchema = z.object({
  password: z.string().meta({ description: "La contraseña nueva: se muestra solo esta vez (se guarda su hash)." }),
});

export const loader = apiRoute("/api/clases/{claseId}/estudiantes/{userId}/clave", {
  post: {
    tag: "Cursos",
    summary: "Nueva contraseña para un estudiante de la clase",
    description:
      "Un docente del curso (o un administrador) pone una contraseña nueva, generada, a un estudiante de la clase " +
      "cuya cuenta creó un docente para la clase. Se responde una sola vez; las sesiones del estudiante se cierran " +
      "y su tarjeta de acceso sigue valiendo. Queda en el registro de auditoría.",
    access: "team",
    ok: { 200: { ...json("La contraseña nueva.", NewPasswordSchema), example: { password: "kd7m-q4xa-p3tn" } } },
    errors: PUPIL_ERRORS,
    handler: async ({ user, params, request }) => {
      const clase = await apiClassOfManager(user, params.claseId);
      const outcome = await resetPupilPassword(user, clase, params.userId, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<z.output<typeof NewPasswordSchema>>({ password: outcome.password });
    },
  },
});
export const action = loader;
