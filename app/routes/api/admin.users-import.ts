import { requireApiRole } from "~/features/accounts/api-guards.server.ts";
import { confirmImport, previewImport } from "~/features/accounts/import/import.server.ts";
import type { ImportDoneAnswer, ImportPreviewAnswer } from "~/features/accounts/import/schema.ts";
import { readImportRequest } from "~/features/accounts/import/schema.ts";
import { IMPORT_DONE } from "~/features/accounts/import/texts.ts";
import { apiFailure, apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import type { Route } from "./+types/admin.users-import";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/admin/usuarios/importar (admin; docs/product.md#importar-usuarios): the list as
 * `lista` (JSON or form) or the file `archivo` (multipart). `confirmar` false: the preview (nothing
 * written); true, with the preview's `huella`: the accounts, in one transaction (201).
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "POST") return methodNotAllowed("POST");
    const admin = await requireApiRole(args, "admin");
    const read = await readImportRequest(args.request);
    if (!read.ok) return apiFailure(read);
    const { text, rows, rol, autorizacionColegio, confirmar, huella } = read;
    if (!confirmar) return apiJson<ImportPreviewAnswer>(await previewImport(rows, text, { rol, autorizacionColegio }));
    const outcome = await confirmImport(admin, rows, text, { rol, autorizacionColegio, huella }, args.request);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<ImportDoneAnswer>(
      {
        message: IMPORT_DONE(outcome.creadas, outcome.existentes),
        creadas: outcome.creadas,
        existentes: outcome.existentes,
        ids: outcome.ids,
      },
      201,
    );
  });
}
