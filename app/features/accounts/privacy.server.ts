// What this feature holds of a person, for 'Descargar mis datos' (lib/personal-data.server.ts).
import { prisma } from "~/lib/db.server.ts";
import { shownAddress } from "~/features/mail/no-email.ts";
import { json, jsonFile, tableRows, type PersonalData } from "~/lib/personal-data.server.ts";
import { isStorageKey, readStoredChunks } from "~/lib/storage.server.ts";
import { publicUserSelect } from "./users.server.ts";
import type { Prisma } from "~/generated/prisma/client.ts";
import { deleteUserSessions } from "./session.server.ts";

/** Every column of the account but its password hash: the admin's view of it, and the rest. */
const PROFILE_SELECT = {
  ...publicUserSelect,
  correoConfirmadoEn: true,
  privacidadVersion: true,
  privacidadAceptadaEn: true,
  updatedAt: true,
} as const;

const readAccount = (id: string) => prisma.user.findUnique({ where: { id }, select: PROFILE_SELECT });

type Account = NonNullable<Awaited<ReturnType<typeof readAccount>>>;

function profile(user: Account, avatar: string | null, now: Date) {
  return {
    descargadoEn: now,
    perfil: {
      id: user.id,
      nombre: user.nombre,
      apellido: user.apellido,
      // An account without e-mail has none: its usuario stands for it (mail/no-email.ts).
      correo: shownAddress(user.correo),
      usuario: user.usuario,
      // Made by a teacher for a class (the class importer): who, for which class.
      creadaPor: user.creadoPor ? `${user.creadoPor.nombre} ${user.creadoPor.apellido}`.trim() : null,
      creadaParaLaClase: user.creadoParaClase?.nombre ?? null,
      fechaNacimiento: user.fechaNacimiento ? user.fechaNacimiento.toISOString().slice(0, 10) : null,
      rut: user.rut,
      rol: user.rol,
      aprobado: user.aprobado,
      aprobadoEn: user.aprobadoEn,
      suspendidoEn: user.suspendidoEn,
      imagenDePerfil: avatar,
      creadoEn: user.createdAt,
      actualizadoEn: user.updatedAt,
    },
    consentimientos: {
      avisoDePrivacidad: { version: user.privacidadVersion, aceptadoEn: user.privacidadAceptadaEn },
      correoConfirmado: { confirmado: user.correoConfirmado, confirmadoEn: user.correoConfirmadoEn },
      // Under 14 at registration: who authorised it, when and how (the guardian's link or the school).
      tutor: user.requiereTutor
        ? {
            nombre: user.tutorNombre,
            correo: user.tutorCorreo,
            consentimientoEn: user.consentimientoEn,
            consentimientoDadoPor: GUARDIAN_CONSENT[user.consentimientoOrigen ?? ""] ?? user.consentimientoOrigen,
          }
        : null,
      avisosPorCorreo: user.avisosCorreo,
    },
    cambiosDeCorreo: tableRows({
      where: { userId: user.id },
      find: (page) =>
        prisma.emailChange.findMany({
          ...page,
          select: { id: true, newEmail: true, createdAt: true, expiresAt: true, usedAt: true },
        }),
      item: (r) => ({ correoNuevo: r.newEmail, pedidoEn: r.createdAt, venceEn: r.expiresAt, usadoEn: r.usedAt }),
    }),
    enlacesDeCuenta: tableRows({
      where: { userId: user.id },
      find: (page) =>
        prisma.accountToken.findMany({
          ...page,
          select: { id: true, purpose: true, createdAt: true, expiresAt: true, usedAt: true, createdById: true },
        }),
      item: (r) => ({
        para: TOKEN_PURPOSES[r.purpose] ?? r.purpose,
        creadoEn: r.createdAt,
        venceEn: r.expiresAt,
        usadoEn: r.usedAt,
        creadoPorUnAdministrador: r.createdById !== null,
      }),
    }),
  };
}

const GUARDIAN_CONSENT: Record<string, string> = {
  tutor: "tu madre, padre o tutor (con el enlace del correo)",
  escuela: "tu escuela (lo registró un administrador)",
};

const TOKEN_PURPOSES: Record<string, string> = {
  password: "crear una nueva contraseña",
  correo: "confirmar el correo",
  tutor: "autorización de tu madre, padre o tutor",
};

/** Browser sessions and API tokens: what and when, never the row's id (the token's hash). */
function sessions(userId: string) {
  return tableRows({
    where: { userId },
    find: (page) =>
      prisma.session.findMany({
        ...page,
        select: { id: true, kind: true, dispositivo: true, createdAt: true, lastSeenAt: true, expiresAt: true },
      }),
    item: (r) => ({
      tipo: r.kind === "api" ? "token de la API" : "navegador",
      dispositivo: r.dispositivo,
      iniciadaEn: r.createdAt,
      ultimoUso: r.lastSeenAt,
      venceEn: r.expiresAt,
    }),
  });
}

export const accountData: PersonalData = {
  readme: [
    "perfil.json",
    "  Tu cuenta: nombre, apellido, correo, fecha de nacimiento, RUT (si tu colegio lo entregó), rol",
    "  y estado (aprobada, suspendida).",
    "  Tus consentimientos: la versión del aviso de privacidad que aceptaste y cuándo, si confirmaste",
    "  tu correo y cuándo, quién autorizó tu registro si tenías menos de 14 años (tutor), y si",
    "  aceptas avisos por correo (avisosPorCorreo). También los cambios de correo que pediste y los",
    "  enlaces de tu cuenta (nueva contraseña, confirmar correo), sin sus claves. Tu contraseña no",
    "  está: la academia guarda solo una huella de ella, que no sirve para leerla.",
    "imagen-de-perfil.jpg, .png o .webp",
    "  Tu imagen de perfil, si subiste una.",
  ],
  async *files(userId) {
    const user = await readAccount(userId);
    if (!user) return;
    // The image first, so that perfil.json names it only when it is really in the archive.
    let avatar: string | null = null;
    if (isStorageKey(user.imagenPerfil)) {
      const chunks = await readStoredChunks(user.imagenPerfil);
      if (chunks) {
        avatar = `imagen-de-perfil.${user.imagenPerfil.split(".").pop()}`;
        yield { name: avatar, data: chunks, compressed: true };
      }
    }
    yield { name: "perfil.json", data: json(profile(user, avatar, new Date())) };
  },
};

export const sessionData = jsonFile(
  "sesiones.json",
  [
    "  Los navegadores y tokens de la API con tu cuenta abierta: dispositivo, inicio, último uso y",
    "  vencimiento. Las claves de las sesiones no están.",
  ],
  sessions,
);

/** Account deletion: the account as deletion needs it, with every address it had or asked for. */
export async function accountToErase(tx: Prisma.TransactionClient, userId: string) {
  const user = await tx.user.findUnique({
    where: { id: userId },
    select: { id: true, correo: true, nombre: true, apellido: true, rol: true, imagenPerfil: true, tutorCorreo: true },
  });
  if (!user) return null;
  const changes = await tx.emailChange.findMany({ where: { userId }, select: { newEmail: true } });
  return { ...user, addresses: [user.correo, ...changes.map((c) => c.newEmail)] };
}

/** Account deletion, last: links it made for others lose their maker, sessions end, the row goes (cascade). */
export async function eraseAccountRow(tx: Prisma.TransactionClient, userId: string) {
  await tx.accountToken.updateMany({ where: { createdById: userId }, data: { createdById: null } });
  await deleteUserSessions(userId, tx);
  await tx.user.delete({ where: { id: userId } });
}
