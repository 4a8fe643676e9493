import { deleteBook } from "~/features/library/books.server.ts";
import { bookDeleted, DELETE_FAILED } from "~/features/library/texts.ts";
import { type ApiNoticeId, apiFailure, apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { requireApiRole } from "~/features/accounts/api-guards.server.ts";
import { fail } from "~/lib/failure.ts";
import type { Route } from "./+types/books.book";
import { log } from "~/lib/log.server.ts";

export const loader = () => methodNotAllowed("DELETE");

/** DELETE /api/books/{libroId} (admin). */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "DELETE") return methodNotAllowed("DELETE");
    const admin = await requireApiRole(args, "admin");
    try {
      const outcome = await deleteBook(admin, args.params.libroId, args.request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<ApiNoticeId>({ message: bookDeleted(outcome.title), id: args.params.libroId });
    } catch (error) {
      log.error({ err: error }, "No se pudo eliminar el libro");
      return apiFailure(fail(500, DELETE_FAILED));
    }
  });
}
