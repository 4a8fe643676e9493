import { courseImageKey } from "~/features/courses/courses.server.ts";
import { courseTies } from "~/features/enrolment/enrolment.server.ts";
import { asFailure } from "~/lib/failure.ts";
import { optionalApiUser } from "~/features/accounts/api-guards.server.ts";
import { detectMimeFromKey } from "~/lib/storage-mime.ts";
import { serveStoredFile } from "~/lib/serve-file.server.ts";
import type { Route } from "./+types/image";

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

// /imagenes/cursos/{cursoId}: a course's image for whoever may see the course (the same rule as the
// course page: a draft's image is a 404 for visitors and learners, as if it did not exist).
// The viewer comes from the session cookie, or the API's Bearer token (GET /api/cursos/{cursoId}
// gives admins and docentes a draft's imagenUrl). Published images may sit in shared caches;
// a draft's stays private, and a 404 is never stored (the course may be published later).
export async function loader(args: Route.LoaderArgs) {
  let viewer;
  try {
    viewer = await optionalApiUser(args);
  } catch (error) {
    const failure = asFailure(error);
    if (failure) return text(failure.message, failure.status);
    throw error;
  }
  const { cursoId } = args.params;
  const image = await courseImageKey(cursoId, viewer, () => courseTies(viewer, cursoId));
  if (!image) return text("Imagen no encontrada", 404);
  return serveStoredFile(args.request, image.key, {
    contentType: detectMimeFromKey(image.key),
    cacheControl: image.shared ? "public, max-age=3600" : "private, max-age=0, must-revalidate",
  });
}
