// Profiles (docs/product.md#profile), the one place for the rules: the old image is deleted after the commit;
// one's own new e-mail waits for its link, an admin's correction applies at once.
import { getPreferences } from "~/features/notifications/notify.server.ts";
import { isNoEmailAddress } from "~/features/mail/no-email.ts";
import { PREFERENCES_INTENT, preferencesFormAction } from "~/features/notifications/page.server.ts";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { data } from "react-router";
import { CHANGE_PASSWORD_INTENT, CLOSE_OTHER_SESSIONS_INTENT } from "~/features/accounts/account-security.ts";
import { changePasswordFormAction } from "~/features/accounts/change-password.server.ts";
import { closeOtherSessionsFormAction, listOpenSessions } from "~/features/accounts/open-sessions.server.ts";
import { EMAIL_TAKEN } from "~/features/accounts/register.server.ts";
import { isAdmin, type Role } from "~/features/accounts/roles.ts";
import type { SessionUser } from "~/features/accounts/session.server.ts";
import { audit } from "~/features/audit/audit.server.ts";
import { countOutdatedNames } from "~/features/certificates/certificates.server.ts";
import { isUniqueViolation, prisma } from "~/lib/db.server.ts";
import { getUser, publicUserSelect, USER_NOT_FOUND } from "~/features/accounts/users.server.ts";
import { DELETE_ACCOUNT_INTENT } from "~/features/privacy/account-deletion.ts";
import { accountDeletionView, deleteAccountFormAction } from "~/features/privacy/account-deletion.server.ts";
import {
  pendingEmailChange,
  requestEmailChange,
  spendEmailChangeRequest,
} from "~/features/accounts/email-change.server.ts";
import { readBody } from "~/lib/api.server.ts";
import { firstIssueMessage } from "~/features/accounts/schema.ts";
import { fail, failureHeaders, formReply, ok, type Failure, type Result } from "~/lib/failure.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { deleteStoredLogged } from "~/lib/storage.server.ts";
import {
  imageUploadOptions,
  isMultipart,
  parseUpload,
  UploadError,
  withUpload,
  type StoredUpload,
  type UploadResult,
} from "~/lib/upload.server.ts";
import {
  EMAIL_CONFIRMATION_SENT,
  IMAGE_FAILED,
  IMAGE_FIELD,
  IMAGE_REFUSED,
  NAME_ON_CERTIFICATES,
  NOTHING_TO_UPDATE,
  PROFILE_UPDATED,
  ProfileApiSchema,
  ProfileFormSchema,
  UPDATE_FAILED,
  USER_UNKNOWN,
} from "~/features/accounts/profile-schema.ts";
import { userWordsUpdate } from "~/features/accounts/user-words.ts";
import { RUT_ADMIN_ONLY, RUT_TAKEN } from "~/features/accounts/rut.ts";
import { log } from "~/lib/log.server.ts";

type Profile = NonNullable<Awaited<ReturnType<typeof getUser>>>;

export async function profileExists(userId: string) {
  return (await prisma.user.count({ where: { id: userId } })) > 0;
}

/** Validated fields: rut an admin's correction only; image: a new file, null removes, undefined keeps. */
type ProfileChange = Omit<z.output<typeof ProfileApiSchema>, "quitarImagen"> & {
  rut?: string | null;
  image?: StoredUpload | null;
};

/** Who asks for the change: the account itself, or an admin correcting someone else's. */
type ProfileActor = { id: string; rol: Role | null };

type ProfileUpdated = { profile: Profile; pendingEmail: string | null; corrected: string[] };

export async function updateProfile(
  actor: ProfileActor,
  userId: string,
  change: ProfileChange,
): Promise<Result<ProfileUpdated>> {
  const direct = actor.id !== userId && isAdmin(actor);
  const newImage = change.image ?? null;
  let oldKey: string | null = null;
  const outcome = await withUpload(newImage, async (): Promise<Result<ProfileUpdated>> => {
    // A request to change one's own address spends the account's budget, taken address or not.
    if (change.correo !== undefined && !direct) {
      const before = await prisma.user.findUnique({ where: { id: userId }, select: { correo: true } });
      if (before && before.correo !== change.correo) {
        const limit = await spendEmailChangeRequest(userId);
        if (!limit.ok) return limit;
      }
    }
    try {
      return await prisma.$transaction(async (tx): Promise<Result<ProfileUpdated>> => {
        const current = await tx.user.findUnique({
          where: { id: userId },
          select: {
            correo: true,
            nombre: true,
            apellido: true,
            fechaNacimiento: true,
            rut: true,
            avisosCorreo: true,
            imagenPerfil: true,
          },
        });
        if (!current) return fail(404, USER_UNKNOWN);
        if (change.rut !== undefined && !direct) return fail(403, RUT_ADMIN_ONLY, { field: "rut" });
        const patch: Partial<typeof current> = {};
        // Rectification: the registration's rules were checked by the schema; only changes count.
        if (change.nombre !== undefined && change.nombre !== current.nombre) patch.nombre = change.nombre;
        if (change.apellido !== undefined && change.apellido !== current.apellido) patch.apellido = change.apellido;
        if (
          change.fechaNacimiento !== undefined &&
          change.fechaNacimiento !== current.fechaNacimiento?.toISOString().slice(0, 10)
        ) {
          patch.fechaNacimiento = new Date(`${change.fechaNacimiento}T12:00:00Z`);
        }
        if (change.rut !== undefined && change.rut !== current.rut) {
          const taken = change.rut
            ? await tx.user.findUnique({ where: { rut: change.rut }, select: { id: true } })
            : null;
          if (taken && taken.id !== userId) return fail(409, RUT_TAKEN, { field: "rut" });
          patch.rut = change.rut;
        }
        const corrected = Object.keys(patch);
        if (change.avisosCorreo !== undefined && change.avisosCorreo !== current.avisosCorreo) {
          patch.avisosCorreo = change.avisosCorreo;
        }
        let pendingEmail: string | null = null;
        if (change.correo !== undefined && change.correo !== current.correo) {
          if (direct) {
            // An admin's correction: the admin may know who has an address.
            const taken = await tx.user.findUnique({ where: { correo: change.correo }, select: { id: true } });
            if (taken) return fail(409, EMAIL_TAKEN, { field: "correo" });
            patch.correo = change.correo;
          } else {
            // One's own: answered alike whether or not another account has the address.
            await requestEmailChange(tx, { id: userId, nombre: current.nombre }, change.correo);
            pendingEmail = change.correo;
          }
        }
        if (change.image !== undefined && (change.image?.key ?? null) !== current.imagenPerfil) {
          patch.imagenPerfil = change.image?.key ?? null;
          oldKey = current.imagenPerfil;
        }
        // A new name, surname or address: the Registros search's words are rewritten with it.
        const found =
          patch.nombre !== undefined || patch.apellido !== undefined || patch.correo !== undefined
            ? userWordsUpdate({
                nombre: patch.nombre ?? current.nombre,
                apellido: patch.apellido ?? current.apellido,
                correo: patch.correo ?? current.correo,
              })
            : {};
        const profile =
          Object.keys(patch).length > 0
            ? await tx.user.update({ where: { id: userId }, data: { ...patch, ...found }, select: publicUserSelect })
            : await tx.user.findUniqueOrThrow({ where: { id: userId }, select: publicUserSelect });
        return ok({ profile, pendingEmail, corrected });
      });
    } catch (error) {
      // Two simultaneous changes to one e-mail: the unique index decides.
      if (isUniqueViolation(error)) return fail(409, EMAIL_TAKEN, { field: "correo" });
      if ((error as { code?: string }).code === "P2025") return fail(404, USER_UNKNOWN);
      throw error;
    }
  });
  if (!outcome.ok) return outcome;
  // Committed: the replaced file is no longer referenced.
  if (oldKey) await deleteStoredLogged(oldKey);
  if (outcome.corrected.length > 0) {
    // Which fields, never their values: the entry outlives the data it would otherwise copy.
    await audit(null, actor.id === userId ? "user.profile-rectify" : "user.profile-correct", {
      actorId: actor.id,
      targetType: "user",
      targetId: userId,
      detail: outcome.corrected.join(","),
    });
  }
  return outcome;
}

/** Reads a profile form or multipart API body: text fields + the image, if one was sent. */
function parseProfileUpload(request: Request): Promise<UploadResult> {
  return parseUpload(request, imageUploadOptions("avatars", [IMAGE_FIELD]));
}

export type ProfileActionData = { result: SubmissionResult<string[]> };

/** The profile edit of both profile pages (the route guards first); success redirects with a flash. */
async function profileFormAction(request: Request, user: SessionUser, backTo: string) {
  let upload: UploadResult;
  try {
    upload = await parseProfileUpload(request);
  } catch (error) {
    if (!(error instanceof UploadError)) {
      log.error({ err: error }, "No se pudo leer el formulario del perfil");
      const submission = parseWithZod(fallbackForm(user), { schema: ProfileFormSchema });
      return data({ result: submission.reply({ formErrors: [IMAGE_FAILED] }) }, { status: 500 });
    }
    // Keep what was typed when the parser got that far; otherwise the current e-mail.
    const submission = parseWithZod(error.form ?? fallbackForm(user), { schema: ProfileFormSchema });
    const reply = error.field
      ? submission.reply({ formErrors: [IMAGE_REFUSED], fieldErrors: { [error.field]: [error.message] } })
      : submission.reply({ formErrors: [`${IMAGE_REFUSED}: ${error.message}`] });
    return data({ result: reply }, { status: error.status });
  }

  const image = upload.files.get(IMAGE_FIELD);
  const submission = parseWithZod(upload.form, { schema: ProfileFormSchema });
  let outcome: Result<ProfileUpdated, Failure<string>>;
  try {
    // The image is kept only when the update commits: an invalid form or a refusal drops it.
    outcome = await withUpload(image, async (): Promise<Result<ProfileUpdated, Failure<string>>> => {
      if (submission.status !== "success") return fail(400, "Datos inválidos.", { reason: "invalid" });
      const { avisosCorreo, conAvisos, quitarImagen, ...fields } = submission.value;
      return updateProfile(user, user.id, {
        ...fields,
        avisosCorreo: conAvisos ? avisosCorreo : undefined,
        image: image ?? (quitarImagen ? null : undefined),
      });
    });
  } catch (error) {
    log.error({ err: error }, "No se pudo guardar el perfil");
    return data({ result: submission.reply({ formErrors: [UPDATE_FAILED] }) }, { status: 500 });
  }
  if (!outcome.ok) {
    const result = outcome.reason === "invalid" ? submission.reply() : formReply(submission, outcome);
    return data({ result }, { status: outcome.status, headers: failureHeaders(outcome) });
  }
  if (outcome.pendingEmail) {
    return redirectWithFlash(request, backTo, { type: "info", message: EMAIL_CONFIRMATION_SENT(outcome.pendingEmail) });
  }
  // A corrected name: the certificates keep theirs until the person updates them there.
  const renamed = outcome.corrected.some((f) => f === "nombre" || f === "apellido");
  const outdated = renamed ? await countOutdatedNames(outcome.profile) : 0;
  return redirectWithFlash(request, backTo, {
    type: "success",
    message: outdated > 0 ? NAME_ON_CERTIFICATES : PROFILE_UPDATED,
  });
}

/** A PUT /api/auth/users/{userId}/profile body: multipart or urlencoded (with the file imagenPerfil), or JSON. */
async function readProfileApiChange(request: Request): Promise<Result<{ change: ProfileChange }>> {
  const toChange = async (body: unknown, file?: StoredUpload) => {
    const parsed = ProfileApiSchema.safeParse(body);
    if (!parsed.success) return fail(400, firstIssueMessage(parsed.error));
    const { quitarImagen, ...fields } = parsed.data;
    return ok({ change: { ...fields, image: file ?? (quitarImagen ? null : undefined) } });
  };
  const type = request.headers.get("Content-Type") ?? "";
  if (!isMultipart(request) && !type.includes("application/x-www-form-urlencoded"))
    return toChange(await readBody(request));
  let upload: UploadResult;
  try {
    upload = await parseProfileUpload(request);
  } catch (error) {
    if (error instanceof UploadError) return fail(error.status, error.message);
    throw error;
  }
  // An invalid body drops the image; updateProfile keeps it only when the update commits.
  return withUpload(upload.files.get(IMAGE_FIELD), (file) =>
    toChange(Object.fromEntries([...upload.form.entries()].filter(([, v]) => typeof v === "string" && v !== "")), file),
  );
}

/** The API twin of profileFormAction (the route checks who may ask): an unknown user is a 404 before any upload. */
export async function profileApiAction(
  actor: ProfileActor,
  userId: string,
  request: Request,
): Promise<Result<ProfileUpdated>> {
  if (!(await getUser(userId))) return fail(404, USER_NOT_FOUND);
  const read = await readProfileApiChange(request);
  if (!read.ok) return read;
  if (Object.values(read.change).every((v) => v === undefined)) return fail(400, NOTHING_TO_UPDATE);
  return updateProfile(actor, userId, read.change);
}

/** The one action of both profile pages: each form but the (multipart) profile edit says which it is by `intent`. */
export async function profilePageAction(request: Request, user: SessionUser, backTo: string) {
  const form = isMultipart(request) ? null : await readForm(request.clone()).catch(() => null);
  const intent = form?.get("intent");
  if (intent === CHANGE_PASSWORD_INTENT) return changePasswordFormAction(request, user, backTo);
  if (intent === CLOSE_OTHER_SESSIONS_INTENT) return closeOtherSessionsFormAction(request, user, backTo);
  if (intent === DELETE_ACCOUNT_INTENT) return deleteAccountFormAction(request, user);
  if (intent === PREFERENCES_INTENT) return preferencesFormAction(request, user, backTo);
  return profileFormAction(request, user, backTo);
}

function fallbackForm(user: SessionUser) {
  const form = new FormData();
  form.set("nombre", user.nombre);
  form.set("apellido", user.apellido);
  if (user.fechaNacimiento) form.set("fechaNacimiento", user.fechaNacimiento.toISOString().slice(0, 10));
  if (!isNoEmailAddress(user.correo)) form.set("correo", user.correo);
  return form;
}

/** What the profile pages show; correoPendiente: a new address waiting for its link to be followed. */
function toProfileView(profile: Profile, correoPendiente: string | null) {
  const { id, nombre, apellido, correo, usuario, rol, fechaNacimiento, avisosCorreo, imagenPerfil } = profile;
  // The version parameter changes with the file, so a new image is never a cached old one.
  const version = imagenPerfil?.replace(/^.*\//, "").slice(0, 8);
  return {
    id,
    nombre,
    apellido,
    // An account without e-mail: no address to show (nor the placeholder), its usuario instead.
    correo: isNoEmailAddress(correo) ? "" : correo,
    usuario,
    rol,
    correoPendiente,
    avisosCorreo,
    fechaNacimiento: fechaNacimiento ? fechaNacimiento.toISOString() : null,
    avatarUrl: imagenPerfil ? `/usuarios/${id}/imagen?v=${version}` : null,
  };
}
export type ProfileView = ReturnType<typeof toProfileView>;

/** The whole 'Mi Perfil' page's data (both panels): the profile, open sessions, what deletion would do. */
export async function loadProfileScreen(user: SessionUser, request: Request) {
  const [page, sessions, deletion, notifications] = await Promise.all([
    loadProfilePage(user.id),
    listOpenSessions(user.id, request),
    accountDeletionView(user),
    getPreferences(user.id),
  ]);
  return { ...page, sessions, deletion, notifications };
}
export type ProfileScreenData = Awaited<ReturnType<typeof loadProfileScreen>>;

/** Loader data of both profile pages; null profile → 'Usuario no identificado'. */
export async function loadProfilePage(userId: string) {
  const [profile, pendingEmail] = await Promise.all([getUser(userId), pendingEmailChange(userId)]);
  return { profile: profile ? toProfileView(profile, pendingEmail) : null, unknownMessage: USER_UNKNOWN };
}
