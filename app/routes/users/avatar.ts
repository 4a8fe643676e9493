import { getUser } from "~/features/accounts/users.server.ts";
import { asFailure } from "~/lib/failure.ts";
import { requireApiUser } from "~/features/accounts/api-guards.server.ts";
import { serveStoredFile } from "~/lib/serve-file.server.ts";
import { detectMimeFromKey } from "~/lib/storage-mime.ts";
import { isStorageKey } from "~/lib/storage.server.ts";
import type { Route } from "./+types/avatar";

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

// /usuarios/:userId/imagen: any avatar, for signed-in users only (cookie or Bearer token); private cache.
export async function loader(args: Route.LoaderArgs) {
  try {
    await requireApiUser(args);
  } catch (error) {
    if (asFailure(error)) return text("Inicia sesión para ver esta imagen.", 401);
    throw error;
  }
  const key = (await getUser(args.params.userId))?.imagenPerfil;
  if (!isStorageKey(key)) return text("Imagen no encontrada", 404);
  return serveStoredFile(args.request, key, {
    contentType: detectMimeFromKey(key),
    cacheControl: "private, max-age=0, must-revalidate",
  });
}
