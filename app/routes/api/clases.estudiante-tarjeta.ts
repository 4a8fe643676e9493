import { z } from "zod";
import { NOT_ALLOWED } from "~/features/accounts/api-guards.server.ts";
import { apiClassOfManager } from "~/features/classes/guards.server.ts";
import { renewPupilCard } from "~/features/classes/pupils.server.ts";
import { CLASS_NOT_FOUND, MEMBER_NOT_FOUND, PUPIL_OWN_ACCOUNT } from "~/features/classes/texts.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { error, json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";

const NewCardSchema = z.object({
  enlace: z.string().meta({ description: "El enlace de ingreso de la tarjeta nueva (el de su código QR)." }),
});

export const loader = apiRoute("/api/clases/{claseId}/estudiantes/{userId}/tarjeta", {
  post: {
    tag: "Cursos",
    summary: "Nueva tarjeta de acceso para un estudiante de la clase",
    description:
      "Un docente del curso (o un administrador) hace una tarjeta de acceso nueva para un estudiante de la clase " +
      "cuya cuenta creó un docente para la clase: su tarjeta anterior deja de servir, las de los demás siguen igual, " +
      "y sus sesiones se cierran. Queda en el registro de auditoría.",
    access: "team",
    ok: {
      200: {
        ...json("El enlace de la tarjeta nueva.", NewCardSchema),
        example: { enlace: "https://academia.example/entrar/3q2-7wEVR6qgFh8M1sFzyDNLmSgz1aYt8mRq0N5Bn0c" },
      },
    },
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
      const outcome = await renewPupilCard(user, clase, params.userId, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<z.output<typeof NewCardSchema>>({ enlace: outcome.enlace });
    },
  },
});
export const action = loader;
