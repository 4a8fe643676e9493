import { confirmClassImport, previewClassImport } from "~/features/classes/import.server.ts";
import {
  readClassImportRequest,
  type ClassImportDoneAnswer,
  type ClassImportPreviewAnswer,
} from "~/features/classes/import-schema.ts";
import { CLASS_IMPORT_DONE } from "~/features/classes/import-texts.ts";
import { requireApiClassManager } from "~/features/classes/guards.server.ts";
import { apiFailure, apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import type { Route } from "./+types/cursos.class-import";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/cursos/{cursoId}/clases/{claseId}/importar (the course's team;
 * docs/product.md#importing-a-list-into-a-class): the list as `lista` (JSON or form) or the file
 * `archivo` (multipart). `confirmar` false: the preview (nothing written; its rows count against the
 * teacher's hourly budget, 429 past it); true, with the preview's `huella`: the new accounts,
 * their enrolments and class rows and the invitations of the existing accounts in one transaction
 * (201), with the one-time links of the accounts without e-mail.
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "POST") return methodNotAllowed("POST");
    const { user, clase } = await requireApiClassManager(args, args.params.cursoId, args.params.claseId);
    const read = await readClassImportRequest(args.request);
    if (!read.ok) return apiFailure(read);
    const { text, rows, autorizacionColegio, confirmar, huella } = read;
    if (!confirmar) {
      const previewed = await previewClassImport(user, clase, rows, text, { autorizacionColegio });
      if (!previewed.ok) return apiFailure(previewed);
      return apiJson<ClassImportPreviewAnswer>(previewed.preview);
    }
    const outcome = await confirmClassImport(user, clase, rows, text, { autorizacionColegio, huella }, args.request);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<ClassImportDoneAnswer>(
      {
        message: CLASS_IMPORT_DONE(outcome),
        agregadas: outcome.agregadas,
        yaEstaban: outcome.yaEstaban,
        accesos: outcome.sheet.accesos,
        venceEn: outcome.sheet.venceEn.toISOString(),
      },
      201,
    );
  });
}
