import { getOptionalUser, loginRedirect } from "~/features/accounts/guards.server.ts";
import { getModuleFileForViewer } from "~/features/learning/course-view.server.ts";
import { keepOffline } from "~/features/offline/offline.server.ts";
import { serveStoredFile } from "~/lib/serve-file.server.ts";
import type { Route } from "./+types/module-file";

// A module's PDF, for enrolled users, docentes and admins. Inline for the viewer; ?descargar=1
// downloads it under its own name. Range requests let the browser's PDF viewer fetch pages.
export async function loader(args: Route.LoaderArgs) {
  const viewer = await getOptionalUser(args);
  const file = await getModuleFileForViewer(args.params.cursoId, args.params.archivoId, viewer);
  if (file === null)
    return new Response("Archivo no encontrado", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  if (file === "forbidden") {
    if (!viewer) throw loginRedirect(args.request);
    keepOffline(args, false); // no longer enrolled: a copy kept on the device goes (decision 014)
    return new Response("Inscríbete en el curso para ver sus materiales.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const download = new URL(args.request.url).searchParams.get("descargar") === "1";
  // An enrolled learner's device may keep the file to read it offline (the service worker keeps
  // only the plain URL, never a download or a range).
  if (!download) keepOffline(args, file.enrolled);
  return serveStoredFile(args.request, file.storageKey, {
    contentType: file.tipo,
    filename: file.nombre,
    disposition: download ? "attachment" : "inline",
  });
}
