import {
  EMAIL_CONFIRMATION_SENT,
  IMAGE_FIELD,
  NOTHING_TO_UPDATE,
  PROFILE_UPDATED,
  ProfileApiSchema,
} from "~/features/users/profile-schema.ts";
import { parseProfileUpload, profileExists, updateProfile } from "~/features/users/profile.server.ts";
import { toApiUser } from "~/features/users/public-user.ts";
import { ApiError, apiError, apiJson, handleApi, methodNotAllowed, readBody } from "~/lib/api.server.ts";
import { requireApiUser } from "~/features/auth/api-guards.server.ts";
import { discard, isMultipart, UploadError, type StoredUpload } from "~/lib/upload.server.ts";
import type { Route } from "./+types/auth.user-profile";

export const FORBIDDEN_PROFILE = "No tienes permiso para modificar este perfil.";

export const loader = () => methodNotAllowed("PUT");

/**
 * PUT /api/auth/users/{id}/profile (docs/product.md#api-accounts): oneself or an admin. Body: multipart/form-data
 * (correo and/or the file imagenPerfil; quitarImagen=true removes it) or JSON { correo }
 * ({ imagenPerfil: null } removes the image). One's own new correo is applied only when the
 * link e-mailed to it is followed (`correoPendiente` in the answer); an admin changing another
 * account's correo applies it at once. Errors: { error } in Spanish; 401/403/404/409.
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    const { request, params } = args;
    if (request.method.toUpperCase() !== "PUT") return methodNotAllowed("PUT");
    const caller = await requireApiUser(args);
    if (caller.id !== params.id && caller.rol.toLowerCase() !== "admin") throw new ApiError(403, FORBIDDEN_PROFILE);
    // Before reading the body: nothing is stored for an unknown user.
    if (!(await profileExists(params.id))) return apiError(404, "Usuario no encontrado");

    let correo: string | undefined;
    let image: StoredUpload | null | undefined;
    const type = request.headers.get("Content-Type") ?? "";
    if (isMultipart(request) || type.includes("application/x-www-form-urlencoded")) {
      let upload;
      try {
        upload = await parseProfileUpload(request);
      } catch (error) {
        if (error instanceof UploadError) throw new ApiError(error.status, error.message);
        throw error;
      }
      const file = upload.files.get(IMAGE_FIELD);
      const raw = Object.fromEntries([...upload.form.entries()].filter(([, v]) => typeof v === "string" && v !== ""));
      const parsed = ProfileApiSchema.safeParse(raw);
      if (!parsed.success) {
        if (file) await discard([file]);
        throw new ApiError(400, parsed.error.issues[0]?.message ?? "Datos inválidos.");
      }
      correo = parsed.data.correo;
      image = file ?? (parsed.data.quitarImagen ? null : undefined);
    } else {
      const parsed = ProfileApiSchema.safeParse(await readBody(request));
      if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? "Datos inválidos.");
      correo = parsed.data.correo;
      image = parsed.data.quitarImagen ? null : undefined;
    }
    if (correo === undefined && image === undefined) return apiError(400, NOTHING_TO_UPDATE);

    const outcome = await updateProfile(caller, params.id, { correo, image });
    if (!outcome.ok) return apiError(outcome.status, outcome.message);
    // A new e-mail of one's own waits for its confirmation link: `user` still has the old one.
    return apiJson({
      message: outcome.pendingEmail ? EMAIL_CONFIRMATION_SENT(outcome.pendingEmail) : PROFILE_UPDATED,
      user: toApiUser(outcome.profile),
      correoPendiente: outcome.pendingEmail,
    });
  });
}
