import { getOptionalUser, loginRedirect } from "~/features/accounts/guards.server.ts";
import { tareaFileFor } from "~/features/assignments/tareas.server.ts";
import { serveStoredFile } from "~/lib/serve-file.server.ts";
import type { Route } from "./+types/attachment";

// A tarea's attachment (docs/product.md#setting-a-tarea), for the course's team and the learners
// the tarea is for (tareaAccess); anyone else gets what an unknown file gets. Inline (a PDF in the
// browser's viewer, an image); ?descargar=1 downloads it under its own name.
export async function loader(args: Route.LoaderArgs) {
  const viewer = await getOptionalUser(args);
  if (!viewer) throw loginRedirect(args.request);
  const { cursoId, tareaId, adjuntoId } = args.params;
  const found = await tareaFileFor(viewer, cursoId, tareaId, adjuntoId);
  if (!found.ok) {
    return new Response(found.message, {
      status: found.status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const download = new URL(args.request.url).searchParams.get("descargar") === "1";
  return serveStoredFile(args.request, found.file.storageKey, {
    contentType: found.file.tipo,
    filename: found.file.nombre,
    disposition: download ? "attachment" : "inline",
    cacheControl: "private, no-cache",
  });
}
