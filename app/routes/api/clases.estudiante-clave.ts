import { z } from "zod";
import { NOT_ALLOWED } from "~/features/accounts/api-guards.server.ts";
import { apiClassOfManager } from "~/features/classes/guards.server.ts";
import { resetPupilPassword } from "~/features/classes/pupils.server.ts";
import { CLASS_NOT_FOUND, MEMBER_NOT_FOUND, PUPIL_OWN_ACCOUNT } from "~/features/classes/texts.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { error, json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";

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
    errors: {
      403: error(
        "Quien llama no es del equipo docente, o la cuenta es de la propia persona.",
        NOT_ALLOWED,
        PUPIL_OWN_ACCOUNT,
      ),
      404: error("Clase no encontrada, o la persona no es de la clase.", CLASS_NOT_FOUND, MEMBER_NOT_FOUND),
    },
    handler: async ({ user, params, request }) => {
      const clase = await apiClassOfManager(user, params.claseId);
      const outcome = await resetPupilPassword(user, clase, params.userId, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<z.output<typeof NewPasswordSchema>>({ password: outcome.password });
    },
  },
});
export const action = loader;
