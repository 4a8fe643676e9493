// Server only (the /api routes): Zod stays out of browser bundles.
import { z } from "zod";
import { ROLES } from "~/features/accounts/roles.ts";
import { shownAddress } from "~/features/mail/no-email.ts";
import { fixedValue } from "~/lib/api.server.ts";
import type { SessionUser } from "./session.server.ts";

/** The user as the API shows it; toApiUser's result is this schema's output. */
export const ApiUserSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  correo: z.string().meta({
    description: "El correo; en una cuenta sin correo (creada por un docente para una clase), su usuario.",
  }),
  usuario: z.string().nullable().optional().meta({ description: "El usuario para ingresar, si la cuenta tiene uno." }),
  fechaNacimiento: z.iso.date().nullable(),
  rol: z.enum(ROLES).nullable(),
  imagenPerfil: z.string().nullable().meta({ description: "URL de la imagen de perfil, o null." }),
  aprobado: z.boolean().optional().meta({ description: "Solo en la lista de usuarios (administración)." }),
  correoConfirmado: z.boolean().optional().meta({
    description:
      "Si su titular confirmó el correo con el enlace del registro. Solo en la lista de usuarios (administración).",
  }),
  creadoEn: z.iso.datetime().optional().meta({ description: "Solo en la lista de usuarios (administración)." }),
});
export type ApiUser = z.output<typeof ApiUserSchema>;

export function toApiUser(
  user: Pick<SessionUser, "id" | "nombre" | "apellido" | "correo" | "fechaNacimiento" | "imagenPerfil"> & {
    rol: string | null;
  } & Partial<{ usuario: string | null; aprobado: boolean; correoConfirmado: boolean; createdAt: Date }>,
): ApiUser {
  return {
    id: user.id,
    nombre: user.nombre,
    apellido: user.apellido,
    correo: shownAddress(user.correo),
    ...(user.usuario !== undefined ? { usuario: user.usuario } : {}),
    fechaNacimiento: user.fechaNacimiento ? user.fechaNacimiento.toISOString().slice(0, 10) : null,
    rol: user.rol === null ? null : fixedValue(ROLES, user.rol),
    imagenPerfil: user.imagenPerfil ? `/usuarios/${user.id}/imagen` : null,
    ...(user.aprobado !== undefined ? { aprobado: user.aprobado } : {}),
    ...(user.correoConfirmado !== undefined ? { correoConfirmado: user.correoConfirmado } : {}),
    ...(user.createdAt ? { creadoEn: user.createdAt.toISOString() } : {}),
  };
}

/** POST /api/auth/login: the user and the Bearer token for the next calls. */
export const ApiLoginSchema = z.object({
  user: ApiUserSchema,
  token: z.string().meta({ description: "JWT (HS256) para `Authorization: Bearer …`; vence en 12 horas." }),
});
export type ApiLogin = z.output<typeof ApiLoginSchema>;

/** PUT /api/auth/users/{userId}/profile. */
export const ApiProfileUpdatedSchema = z.object({
  message: z.string(),
  user: ApiUserSchema,
  correoPendiente: z
    .string()
    .nullable()
    .meta({ description: "El correo nuevo que espera su enlace de confirmación; `user` aún tiene el anterior." }),
});
export type ApiProfileUpdated = z.output<typeof ApiProfileUpdatedSchema>;
