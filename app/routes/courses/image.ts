import { courseImageKey } from "~/features/courses/courses.server.ts";
import { detectMimeFromKey } from "~/lib/storage-mime.ts";
import { serveStoredFile } from "~/lib/serve-file.server.ts";
import type { Route } from "./+types/image";

// Course images are public (cards are shown to visitors).
export async function loader({ request, params }: Route.LoaderArgs) {
  const image = await courseImageKey(params.cursoId);
  if (!image) return new Response("Imagen no encontrada", { status: 404 });
  return serveStoredFile(request, image.key, {
    contentType: detectMimeFromKey(image.key),
    cacheControl: "public, max-age=3600",
  });
}
