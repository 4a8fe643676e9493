import { getOptionalUser, loginRedirect } from "~/features/accounts/guards.server.ts";
import { handInFile } from "~/features/assignments/submissions.server.ts";
import { serveStoredFile } from "~/lib/serve-file.server.ts";
import type { Route } from "./+types/handin-file";

// A hand-in's file (docs/product.md#handing-in): for its author and the course's team only, inline
// (images and PDFs are shown in the page); anyone else signed in gets what an unknown file gets.
export async function loader(args: Route.LoaderArgs) {
  const viewer = await getOptionalUser(args);
  if (!viewer) throw loginRedirect(args.request);
  const file = await handInFile(viewer, args.params);
  if (!file)
    return new Response("Archivo no encontrado", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return serveStoredFile(args.request, file.storageKey, { contentType: file.tipo, filename: file.nombre });
}
