// The API's calls under the OpenAPI tag Cuentas (docs/product.md#json-api): signing in,
// registering, tokens, passwords, one's own data and account, and the admin's calls on accounts
// (every /api/auth/… path but the two on enrolled courses). The builder
// (lib/api/openapi.server.ts) puts them in the document in this order; each entry names
// the schemas its route reads and answers with and the texts it sends, in the vocabulary of
// lib/api/operation.server.ts.
import { z } from "zod";
import { ApiLoginSchema, ApiProfileUpdatedSchema, ApiUserSchema } from "~/features/users/public-user.ts";
import {
  ProfileApiFormSchema,
  ProfileApiSchema,
  NOTHING_TO_UPDATE,
  USER_UNKNOWN,
} from "~/features/users/profile-schema.ts";
import { LoginSchema, RegisterSchema } from "./schema.ts";
import { ChangePasswordSchema } from "./change-password-schema.ts";
import { ForgotPasswordSchema, ResetPasswordSchema } from "./recovery-schema.ts";
import {
  AccountDeletedSchema,
  AdminDeleteUserSchema,
  DeleteAccountSchema,
} from "~/features/users/account-deletion-schema.ts";
import { API_TOKEN_TTL_S } from "./api-token.server.ts";
import { BUDGETS, TOO_MANY_REQUESTS } from "~/features/limits/rate-limits.server.ts";
import { ACCOUNT_SUSPENDED, BAD_CREDENTIALS, PENDING_APPROVAL } from "./login.server.ts";
import { CURRENT_PASSWORD_WRONG } from "./account-security.ts";
import { GUARDIAN_PENDING } from "./texts.ts";
import { RESET_LINK_INVALID } from "./recovery-texts.ts";
import { EMAIL_TAKEN } from "./register.server.ts";
import { MY_DATA_TOO_MANY } from "~/features/users/my-data.server.ts";
import { EMAIL_CHANGE_TOO_MANY } from "~/features/users/email-change.server.ts";
import { DELETE_PASSWORD_WRONG, LAST_ADMIN } from "~/features/users/account-deletion.ts";
import { CANNOT_DELETE_SELF, CANNOT_SUSPEND_SELF, USER_NOT_FOUND } from "~/features/users/users.server.ts";
import { FORBIDDEN_PROFILE, ApiNoticeSchema } from "~/lib/api.server.ts";
import { error, invalid, json, done, type Operations } from "~/lib/api/operation.server.ts";

/** The calls of the tag Cuentas, in the order of the document. */
export const ACCOUNT_CALLS: Operations = {
  "/api/auth/login": {
    post: {
      tag: "Cuentas",
      summary: "Iniciar sesión y obtener un token",
      description: `El token (JWT) vale ${API_TOKEN_TTL_S / 3600} horas o hasta que se cierre con /api/auth/logout.`,
      access: "public",
      body: { json: LoginSchema },
      ok: { 200: json("El usuario y su token.", ApiLoginSchema) },
      errors: {
        401: error("Correo o contraseña incorrectos.", BAD_CREDENTIALS),
        403: error("Cuenta pendiente de aprobación o suspendida.", PENDING_APPROVAL, ACCOUNT_SUSPENDED),
        429: error("Demasiados intentos (ver Retry-After).", TOO_MANY_REQUESTS),
      },
    },
  },
  "/api/auth/register": {
    post: {
      tag: "Cuentas",
      summary: "Crear una cuenta (queda pendiente de aprobación)",
      description:
        "Responde igual (201, el mismo mensaje) si el correo ya tiene una cuenta: no dice qué correos existen. " +
        "A un correo nuevo se le envía un enlace para confirmarlo (vale 7 días); al dueño de un correo ya " +
        "registrado, un aviso ('Alguien intentó crear una cuenta con tu correo…'), o un enlace nuevo si aún " +
        "no lo confirmaba.",
      access: "public",
      body: { json: RegisterSchema },
      ok: { 201: json("Registro recibido; se envió un correo a esa dirección.", ApiNoticeSchema) },
      errors: {
        429: error(
          "Demasiados registros desde esta dirección o para este correo (ver Retry-After).",
          TOO_MANY_REQUESTS,
        ),
      },
    },
  },
  "/api/auth/logout": {
    post: {
      tag: "Cuentas",
      summary: "Cerrar el token con que se llama",
      description: "Desde entonces el token se rechaza (401). Otros tokens y sesiones siguen abiertos.",
      access: "token",
      ok: { 200: json("Token cerrado.", ApiNoticeSchema) },
    },
  },
  "/api/auth/change-password": {
    post: {
      tag: "Cuentas",
      summary: "Cambiar la propia contraseña",
      description:
        "Pide la contraseña actual; la nueva sigue las reglas del registro (al menos 8 caracteres, no una de las " +
        "más comunes). Cierra todas las demás sesiones y tokens de la cuenta; el token con que se llama (o, desde " +
        "el sitio, la sesión del navegador) sigue abierto. A lo más 10 contraseñas actuales incorrectas cada " +
        "15 minutos por cuenta.",
      access: "user",
      body: { json: ChangePasswordSchema },
      ok: { 200: json("Contraseña cambiada.", ApiNoticeSchema) },
      errors: {
        400: invalid(
          "Datos inválidos (el mensaje dice cuál) o la contraseña actual incorrecta.",
          CURRENT_PASSWORD_WRONG,
        ),
        429: error("Demasiadas contraseñas actuales incorrectas (ver Retry-After).", TOO_MANY_REQUESTS),
      },
    },
  },
  "/api/auth/mis-datos": {
    get: {
      tag: "Cuentas",
      summary: "Descargar mis datos (ZIP)",
      description:
        "Todo lo que la academia guarda sobre quien llama, y nada de otra persona: perfil y consentimientos, " +
        "inscripciones, evaluaciones con sus respuestas, certificados (con sus PDF), mensajes enviados y " +
        "recibidos, sesiones y registro de actividad, en archivos JSON con un LEEME.txt. El mismo archivo que " +
        `'Descargar mis datos' del perfil. A lo más ${BUDGETS.myDataUser.points} descargas por hora por cuenta.`,
      access: "user",
      ok: { 200: { description: "El archivo ZIP (mis-datos-academia-AAAA-MM-DD.zip).", zip: true } },
      errors: { 429: error("Demasiadas descargas (ver Retry-After).", MY_DATA_TOO_MANY) },
    },
  },
  "/api/auth/cuenta": {
    delete: {
      tag: "Cuentas",
      summary: "Eliminar la propia cuenta y sus datos personales",
      description:
        "Pide la contraseña. Borra de inmediato el perfil, las inscripciones, los resultados, los mensajes " +
        "recibidos y todas las sesiones y tokens de la cuenta; los mensajes enviados quedan con quienes los " +
        "recibieron, con 'Cuenta eliminada' como remitente. certificados: conservar (por omisión) los deja " +
        "verificables con el nombre que tienen; revocar los revoca (sin nombre ni PDF). A lo más " +
        `${BUDGETS.accountDeletionUser.points} contraseñas incorrectas cada 15 minutos por cuenta. El último ` +
        "administrador aprobado no puede eliminar su cuenta.",
      access: "user",
      body: { json: DeleteAccountSchema },
      ok: { 200: json("Cuenta eliminada.", AccountDeletedSchema) },
      errors: {
        400: invalid("Datos inválidos (el mensaje dice cuál) o la contraseña incorrecta.", DELETE_PASSWORD_WRONG),
        409: error("Eres el único administrador aprobado.", LAST_ADMIN),
        429: error("Demasiadas contraseñas incorrectas (ver Retry-After).", TOO_MANY_REQUESTS),
      },
    },
  },
  "/api/auth/forgot-password": {
    post: {
      tag: "Cuentas",
      summary: "Pedir un enlace para crear una nueva contraseña",
      description:
        "Responde lo mismo exista o no una cuenta con ese correo; si existe, le envía un enlace a " +
        "/recuperar/{token} que sirve una vez durante una hora y anula los anteriores.",
      access: "public",
      body: { json: ForgotPasswordSchema },
      ok: { 200: json("La respuesta de siempre.", ApiNoticeSchema) },
      errors: {
        429: error(
          "Demasiadas solicitudes desde esta dirección IP o para ese correo (ver Retry-After).",
          TOO_MANY_REQUESTS,
        ),
      },
    },
  },
  "/api/auth/reset-password": {
    post: {
      tag: "Cuentas",
      summary: "Crear una nueva contraseña con el token de un enlace de recuperación",
      description:
        "Cierra todas las sesiones y tokens de la cuenta. Una cuenta pendiente o suspendida sigue sin poder " +
        "ingresar hasta que un administrador la apruebe.",
      access: "public",
      body: { json: ResetPasswordSchema },
      ok: { 200: json("Contraseña cambiada.", ApiNoticeSchema) },
      errors: {
        400: invalid("Enlace no válido, usado o vencido, o contraseña que no cumple las reglas.", RESET_LINK_INVALID),
      },
    },
  },
  "/api/auth/users": {
    get: {
      tag: "Cuentas",
      summary: "Listar usuarios (pendientes primero)",
      description: "100 por página.",
      access: "admin",
      query: ["page"],
      ok: { 200: json("Una página de usuarios.", z.array(ApiUserSchema), ["X-Total-Count", "X-Page-Count"]) },
    },
  },
  "/api/auth/approve/{userId}": {
    put: {
      tag: "Cuentas",
      summary: "Aprobar una cuenta",
      access: "admin",
      ok: { 200: done("Cuenta aprobada.") },
      errors: {
        404: error("Usuario no encontrado.", USER_NOT_FOUND),
        409: error("La cuenta espera la autorización de su madre, padre o tutor.", GUARDIAN_PENDING),
      },
    },
  },
  "/api/auth/suspend/{userId}": {
    put: {
      tag: "Cuentas",
      summary: "Suspender una cuenta (cierra sus sesiones y tokens)",
      access: "admin",
      ok: { 200: done("Cuenta suspendida.") },
      errors: {
        400: error("No puedes suspender tu propia cuenta.", CANNOT_SUSPEND_SELF),
        404: error("Usuario no encontrado.", USER_NOT_FOUND),
      },
    },
  },
  "/api/auth/users/{userId}": {
    delete: {
      tag: "Cuentas",
      summary: "Eliminar una cuenta y sus datos personales",
      description:
        "Como 'Eliminar mi cuenta': cierra sus sesiones y tokens; sus mensajes enviados dicen 'Cuenta eliminada'. " +
        "El cuerpo es opcional: sin él, o sin certificados, los certificados siguen verificables (conservar).",
      access: "admin",
      body: { json: AdminDeleteUserSchema, optional: true },
      ok: { 200: done("Cuenta eliminada.") },
      errors: {
        400: invalid("No puedes eliminar tu propia cuenta, o certificados no válido.", CANNOT_DELETE_SELF),
        404: error("Usuario no encontrado.", USER_NOT_FOUND),
      },
    },
  },
  "/api/auth/users/{userId}/profile": {
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
    },
  },
};
