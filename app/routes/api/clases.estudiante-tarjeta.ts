import { z } from "zod";
import { apiClassOfManager } from "~/features/classes/guards.server.ts";
import { renewPupilCard } from "~/features/classes/pupils.server.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";
import { PUPIL_ERRORS } from "./examples.server.ts";

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
    errors: PUPIL_ERRORS,
    handler: async ({ user, params, request }) => {
      const clase = await apiClassOfManager(user, params.claseId);
      const outcome = await renewPupilCard(user, clase, params.userId, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<z.output<typeof NewCardSchema>>({ enlace: outcome.enlace });
    },
  },
});
export const action = loader;
