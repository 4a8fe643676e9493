import { prisma } from "~/lib/db.server.ts";
import { clientIp } from "~/lib/client-ip.ts";
import { log } from "~/lib/log.server.ts";

/**
 * Every action the audit log records, with what it means in Spanish (the person reads it in
 * 'Descargar mis datos', features/privacy/my-data.server.ts). The one list: an action without its
 * text cannot be written.
 */
export const AUDIT_ACTIONS = {
  "login.success": "Ingreso a la cuenta",
  "login.failure": "Intento de ingreso fallido",
  "user.register": "Registro de la cuenta",
  "user.email-confirm": "Confirmación del correo",
  "user.profile-rectify": "Corrección de tus datos personales (nombre o fecha de nacimiento)",
  "user.profile-correct": "Datos personales de una cuenta corregidos por la administración",
  "user.guardian-consent": "Registro de una persona menor de 14 años autorizado (por su tutor/a o su escuela)",
  "user.approve": "Cuenta aprobada",
  "user.import": "Cuenta creada al importar una lista",
  "user.delete": "Cuenta eliminada",
  "user.suspend": "Cuenta suspendida",
  "user.email-change": "Cambio de correo",
  "user.password-reset": "Nueva contraseña con un enlace de recuperación",
  "user.password-link": "Enlace para restablecer la contraseña creado por un administrador",
  "user.password-change": "Cambio de contraseña",
  "user.data-export": "Descarga de tus datos",
  "user.role_change": "Cambio de rol",
  "course.create": "Curso creado",
  "course.update": "Curso editado",
  "course.publish": "Curso publicado",
  "course.delete": "Curso eliminado",
  "course.team-add": "Profesor/a agregado/a a un equipo docente",
  "course.team-remove": "Profesor/a quitado/a de un equipo docente",
  "course.review-send": "Curso enviado a revisión",
  "course.class-ready": "Curso privado marcado lista para la clase",
  "course.class-unready": "Curso privado vuelto a preparación",
  "course.review-return": "Curso devuelto a borrador",
  "class.message": "Mensaje enviado a una clase",
  "class.create": "Clase creada",
  "class.rename": "Clase renombrada",
  "class.code-reset": "Nuevo código de una clase",
  "class.delete": "Clase eliminada",
  "class.member-remove": "Quitado/a de una clase por su profesor/a",
  "class.join": "Te uniste a una clase con su código",
  "class.enrol": "Inscripción en un curso por tu profesor/a (lista de una clase)",
  "class.member-add": "Agregado/a a una clase por tu profesor/a",
  "class.invite": "Invitación a una clase de tu profesor/a (lista de una clase)",
  "class.invitation-accept": "Aceptaste una invitación a una clase",
  "class.invitation-decline": "Rechazaste una invitación a una clase",
  "class.pupil-password": "Nueva contraseña puesta por tu profesor/a",
  "class.pupil-card": "Nueva tarjeta de acceso hecha por tu profesor/a",
  "announcement.post": "Aviso publicado en un curso",
  "announcement.edit": "Aviso editado",
  "announcement.delete": "Aviso eliminado",
  "submission.review": "Revisión de una entrega guardada (sin devolverla)",
  "submission.return": "Entrega devuelta con su nota y comentario",
  "submission.reopen": "Entrega devuelta reabierta para un nuevo intento",
  "submission.message-missing": "Mensaje a quienes no han entregado una tarea",
  "question.resolve": "Pregunta de un módulo marcada resuelta",
  "question.reopen": "Pregunta de un módulo marcada no resuelta",
  "question.hide": "Pregunta de un módulo ocultada",
  "question.show": "Pregunta de un módulo mostrada otra vez",
  "question.delete": "Pregunta de un módulo eliminada por el equipo docente",
  "question.answer-delete": "Respuesta a una pregunta de un módulo eliminada",
  "certificate.issue": "Certificado emitido",
  "certificate.rename": "Nombre actualizado en los certificados",
  "grades.column-create": "Columna de notas creada en un libro de calificaciones",
  "grades.column-rename": "Columna de notas renombrada",
  "grades.column-delete": "Columna de notas eliminada, con sus notas",
  "grades.set": "Nota puesta o cambiada en una columna de notas",
  "grades.import": "Notas importadas de un CSV a una columna de notas",
  "grades.weights": "Ponderación de un libro de calificaciones cambiada",
  "assignment.create": "Tarea puesta en un curso",
  "assignment.update": "Tarea editada (o sus adjuntos)",
  "assignment.delete": "Tarea eliminada, con sus entregas y su columna de notas",
  "book.update": "Libro editado",
  "book.delete": "Libro eliminado",
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** An action's text; an action no longer written (an older log's) keeps its key. */
export function auditActionText(action: string): string {
  return Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as AuditAction] : action;
}

/** Appends an audit record (who, what, when). Never throws: auditing must not break a flow. */
export async function audit(
  request: Request | null,
  action: AuditAction,
  entry: { actorId?: string | null; targetType?: string; targetId?: string; detail?: string } = {},
) {
  try {
    await prisma.auditLog.create({
      data: {
        action,
        actorId: entry.actorId ?? null,
        targetType: entry.targetType ?? null,
        targetId: entry.targetId ?? null,
        detail: entry.detail?.slice(0, 500) ?? null,
        ip: request ? clientIp(request) : null,
      },
    });
  } catch (error) {
    log.error({ err: error }, "No se pudo registrar en la auditoría");
  }
}

type AuditEntry = { actorId?: string | null; targetType?: string; targetId?: string; detail?: string };

/**
 * Many audit records written in the caller's transaction (an import, a bulk approval): they
 * commit or roll back with what they record, so unlike audit() a failure here is the caller's.
 */
export async function auditMany(
  request: Request | null,
  action: AuditAction,
  entries: AuditEntry[],
  tx: Pick<typeof prisma, "auditLog"> = prisma,
) {
  if (entries.length === 0) return;
  const ip = request ? clientIp(request) : null;
  await tx.auditLog.createMany({
    data: entries.map((entry) => ({
      action,
      actorId: entry.actorId ?? null,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      detail: entry.detail?.slice(0, 500) ?? null,
      ip,
    })),
  });
}
