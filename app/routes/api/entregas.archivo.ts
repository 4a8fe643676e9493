import { HandInAnswerSchema } from "~/features/assignments/submission-schema.ts";
import { removeHandInFile } from "~/features/assignments/submissions.server.ts";
import { FILE_REMOVED, HANDIN_FILE_NOT_FOUND } from "~/features/assignments/submission-texts.ts";
import { ENTREGA_NOT_FOUND } from "~/features/assignments/texts.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { error, json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";
import { HANDIN_EXAMPLE, HANDIN_FORBIDDEN, HANDIN_LOCKED } from "./entregas.shared.server.ts";

export const loader = apiRoute("/api/entregas/{entregaId}/archivos/{archivoId}", {
  delete: {
    tag: "Tareas",
    summary: "Quitar un archivo de la entrega",
    description:
      "Como 'Quitar': el archivo sale de la entrega de quien llama y se borra. No se puede una vez devuelta.",
    access: "user",
    ok: {
      200: {
        ...json("La entrega sin el archivo.", HandInAnswerSchema),
        example: { message: FILE_REMOVED, entrega: { ...HANDIN_EXAMPLE, archivos: [] } },
      },
    },
    errors: {
      403: HANDIN_FORBIDDEN,
      404: error(
        "La entrega o el archivo no existen, o no son de quien llama.",
        ENTREGA_NOT_FOUND,
        HANDIN_FILE_NOT_FOUND,
      ),
      409: HANDIN_LOCKED,
    },
    handler: async ({ user, params: { entregaId, archivoId } }) => {
      const outcome = await removeHandInFile(user, entregaId, archivoId);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson({ message: outcome.message, entrega: outcome.entrega });
    },
  },
});
export const action = loader;
