import { ApiProfileUpdatedSchema, toApiUser, type ApiProfileUpdated } from "~/features/accounts/public-user.ts";
import {
  ProfileApiFormSchema,
  ProfileApiSchema,
  NOTHING_TO_UPDATE,
  USER_UNKNOWN,
  EMAIL_CONFIRMATION_SENT,
  PROFILE_UPDATED,
} from "~/features/accounts/profile-schema.ts";
import { BUDGETS } from "~/features/limits/rate-limits.server.ts";
import { EMAIL_TAKEN } from "~/features/accounts/register.server.ts";
import { EMAIL_CHANGE_TOO_MANY } from "~/features/accounts/email-change.server.ts";
import { USER_NOT_FOUND } from "~/features/accounts/users.server.ts";
import { FORBIDDEN_PROFILE, apiFailure, apiJson } from "~/lib/api.server.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";
import { requireSelfOrAdmin } from "~/features/accounts/api-guards.server.ts";
import { profileApiAction } from "~/features/profile/profile.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/auth/users/{userId}/profile", {
  put: {
    tag: "Cuentas",
    summary: "Corregir los datos del perfil: nombre, apellido, fecha de nacimiento, correo, imagen, avisos",
    description:
      "La propia cuenta o un administrador (la corrección de un administrador queda en el registro de auditoría). " +
      "Nombre, apellido y fecha de nacimiento siguen las reglas del registro; un campo omitido se conserva. " +
      "avisosCorreo activa o desactiva los avisos opcionales por correo. Un correo nuevo propio se aplica al " +
      "seguir el enlace que se le envía; la respuesta es la misma si esa dirección ya tiene una cuenta (a ella " +
      "se le avisa del intento y nada cambia). Cada cuenta puede pedir el cambio de su correo " +
      `${BUDGETS.emailChangeUserHour.points} veces por hora y ${BUDGETS.emailChangeUserDay.points} por día.`,
    access: "user",
    body: { form: ProfileApiFormSchema, json: ProfileApiSchema },
    ok: { 200: json("Perfil actualizado.", ApiProfileUpdatedSchema) },
    errors: {
      400: invalid("Datos inválidos (por ejemplo, una fecha de nacimiento imposible).", NOTHING_TO_UPDATE),
      403: error("No es tu perfil.", FORBIDDEN_PROFILE),
      404: error("Usuario no encontrado.", USER_NOT_FOUND, USER_UNKNOWN),
      409: error("El correo ya tiene una cuenta (solo al corregir la cuenta de otra persona).", EMAIL_TAKEN),
      429: error("Demasiados cambios de correo (ver Retry-After).", EMAIL_CHANGE_TOO_MANY),
    },
    handler: async ({ user, params: { userId }, request }) => {
      requireSelfOrAdmin(user, userId, FORBIDDEN_PROFILE);
      const outcome = await profileApiAction(user, userId, request);
      if (!outcome.ok) return apiFailure(outcome);
      // A new e-mail of one's own waits for its confirmation link: `user` still has the old one.
      return apiJson<ApiProfileUpdated>({
        message: outcome.pendingEmail ? EMAIL_CONFIRMATION_SENT(outcome.pendingEmail) : PROFILE_UPDATED,
        user: toApiUser(outcome.profile),
        correoPendiente: outcome.pendingEmail,
      });
    },
  },
});
export const action = loader;
