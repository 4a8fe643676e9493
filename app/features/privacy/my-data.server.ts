// 'Descargar mis datos' (docs/product.md#my-data; Ley 21.719, access and portability): one ZIP
// with everything the academy keeps about the signed-in person, for /mis-datos and its API twin
// GET /api/auth/mis-datos alike. Only the caller's own rows: every query is keyed by their id,
// and nothing here takes another id. Never a password hash, a session's or a link's token hash.
// Streamed (lib/zip.server.ts): rows are read in keyset batches as the archive is read, files
// are piped from storage, so a long history costs time, not memory.
import { getPreferences } from "~/features/notifications/notify.server.ts";
import { audit, auditActionText } from "~/features/audit/audit.server.ts";
import { ensureCertificatePdf, verificationUrl } from "~/features/certificates/certificates.server.ts";
import { BUDGETS, consume } from "~/features/limits/rate-limits.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { env } from "~/lib/env.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { isStorageKey, readStoredChunks } from "~/lib/storage.server.ts";
import { zipStream, type ZipEntry } from "~/lib/zip.server.ts";
import { messageSelect } from "~/features/messages/messages.server.ts";
import { publicUserSelect, USER_NOT_FOUND } from "~/features/accounts/users.server.ts";
import { log } from "~/lib/log.server.ts";

export const MY_DATA_TOO_MANY =
  `Puedes descargar tus datos hasta ${BUDGETS.myDataUser.points} veces por hora. ` +
  "Espera unos minutos e inténtalo nuevamente.";

/** Rows read per query: a batch is all a download holds of any table at a time. */
const BATCH = 200;
const TIME_ZONE = "America/Santiago";

/**
 * The signed-in person's data as a streamed ZIP and its file name; spends one of their downloads
 * (BUDGETS.myDataUser): past the budget, a 429 with Retry-After.
 */
export async function myDataArchive(
  userId: string,
  request: Request | null,
): Promise<Result<{ filename: string; archive: AsyncGenerator<Uint8Array> }>> {
  const limit = await consume([["myDataUser", userId]], MY_DATA_TOO_MANY);
  if (!limit.ok) return limit;
  const user = await readAccount(userId);
  if (!user) return fail(404, USER_NOT_FOUND);
  await audit(request, "user.data-export", { actorId: userId, targetType: "user", targetId: userId });
  const now = new Date();
  return ok({
    filename: `mis-datos-academia-${calendarDay(now)}.zip`,
    archive: zipStream(entries(user, now), { modifiedAt: now, timeZone: TIME_ZONE }),
  });
}

// ---------------------------------------------------------------------------------------------
// The archive's files, in order

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

async function* entries(user: Account, now: Date): AsyncGenerator<ZipEntry> {
  yield { name: "LEEME.txt", data: readme(now) };

  // The image first, so that perfil.json names it only when it is really in the archive.
  let avatar: string | null = null;
  if (isStorageKey(user.imagenPerfil)) {
    const chunks = await readStoredChunks(user.imagenPerfil);
    if (chunks) {
      avatar = `imagen-de-perfil.${user.imagenPerfil.split(".").pop()}`;
      yield { name: avatar, data: chunks, compressed: true };
    }
  }
  yield { name: "perfil.json", data: json(profile(user, avatar, now)) };
  yield { name: "inscripciones.json", data: json(enrolments(user.id)) };
  yield { name: "clases.json", data: json(classes(user.id)) };
  yield { name: "invitaciones-a-clases.json", data: json(classInvitations(user.id)) };
  yield { name: "equipos-docentes.json", data: json(teams(user.id)) };
  yield { name: "evaluaciones.json", data: json(attempts(user.id)) };
  yield { name: "fechas-limite.json", data: json(await dueDates(user.id)) };

  // The PDFs, then the list that names them: a certificate whose PDF could not be had says so.
  const pdfs = new Set<string>();
  for await (const batch of keyset("emitidoEn", (last, take) =>
    prisma.certificate.findMany({
      where: { userId: user.id, revocadoEn: null, ...after("emitidoEn", last) },
      orderBy: [{ emitidoEn: "asc" }, { id: "asc" }],
      take,
    }),
  )) {
    for (const row of batch) {
      const chunks = await certificatePdf(row);
      if (!chunks) continue;
      pdfs.add(row.codigo);
      yield { name: certificateFile(row.codigo), data: chunks, compressed: true };
    }
  }
  yield { name: "certificados.json", data: json(certificates(user.id, pdfs)) };

  yield { name: "mensajes-enviados.json", data: json(sentMessages(user.id)) };
  yield { name: "mensajes-recibidos.json", data: json(receivedMessages(user.id)) };
  yield {
    name: "notificaciones.json",
    data: json({ preferencias: await getPreferences(user.id), notificaciones: notifications(user.id) }),
  };
  yield { name: "avisos-publicados.json", data: json(announcements(user.id)) };
  yield {
    name: "preguntas.json",
    data: json({ preguntas: moduleQuestions(user.id), respuestas: moduleAnswers(user.id) }),
  };
  yield { name: "correos.json", data: json(mails(user.id)) };
  yield { name: "sesiones.json", data: json(sessions(user.id)) };
  yield { name: "registro-de-actividad.json", data: json(activity(user.id)) };
}

/**
 * Due dates (docs/product.md#due-dates): when the calendar feed's current address was made (its
 * secret is kept only as a hash, so it is not here) and the reminders sent, one per module at
 * most: a few hundred rows for a learner of many courses.
 */
async function dueDates(userId: string) {
  const [feed, reminders] = await Promise.all([
    prisma.calendarFeed.findUnique({ where: { userId }, select: { createdAt: true } }),
    prisma.moduleReminder.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: {
        createdAt: true,
        modulo: { select: { titulo: true, fechaLimite: true, curso: { select: { titulo: true } } } },
      },
    }),
  ]);
  return {
    calendario: feed ? { enlaceCreadoEn: feed.createdAt } : null,
    recordatorios: reminders.map((r) => ({
      curso: r.modulo.curso.titulo,
      modulo: r.modulo.titulo,
      fechaLimite: r.modulo.fechaLimite,
      enviadoEn: r.createdAt,
    })),
  };
}

function profile(user: Account, avatar: string | null, now: Date) {
  return {
    descargadoEn: now,
    perfil: {
      id: user.id,
      nombre: user.nombre,
      apellido: user.apellido,
      correo: user.correo,
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
    cambiosDeCorreo: rows(
      keyset("createdAt", (last, take) =>
        prisma.emailChange.findMany({
          where: { userId: user.id, ...after("createdAt", last) },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          take,
          select: { id: true, newEmail: true, createdAt: true, expiresAt: true, usedAt: true },
        }),
      ),
      (r) => ({ correoNuevo: r.newEmail, pedidoEn: r.createdAt, venceEn: r.expiresAt, usadoEn: r.usedAt }),
    ),
    enlacesDeCuenta: rows(
      keyset("createdAt", (last, take) =>
        prisma.accountToken.findMany({
          where: { userId: user.id, ...after("createdAt", last) },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          take,
          select: { id: true, purpose: true, createdAt: true, expiresAt: true, usedAt: true, createdById: true },
        }),
      ),
      (r) => ({
        para: TOKEN_PURPOSES[r.purpose] ?? r.purpose,
        creadoEn: r.createdAt,
        venceEn: r.expiresAt,
        usadoEn: r.usedAt,
        creadoPorUnAdministrador: r.createdById !== null,
      }),
    ),
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

function enrolments(userId: string) {
  return rows(
    keyset("registradoEn", (last, take) =>
      prisma.enrolment.findMany({
        where: { userId, ...after("registradoEn", last) },
        orderBy: [{ registradoEn: "asc" }, { id: "asc" }],
        take,
        select: {
          id: true,
          cursoId: true,
          progreso: true,
          registradoEn: true,
          finalizadoEn: true,
          ultimaActividadEn: true,
          atascado: true,
          curso: { select: { titulo: true } },
        },
      }),
    ),
    (r) => ({
      id: r.id,
      cursoId: r.cursoId,
      curso: r.curso.titulo,
      progreso: r.progreso,
      inscritoEn: r.registradoEn,
      finalizadoEn: r.finalizadoEn,
      // What a class's teachers see of the learner (docs/decisions/024-class-progress.md).
      ultimaActividadEn: r.ultimaActividadEn,
      atascado: r.atascado,
    }),
  );
}

/**
 * The classes the person is in (docs/product.md#classes), oldest first: class, course, since when
 * and how they came (with the code, or added by a teacher, named). One user's rows are a range of
 * the members' (userId, cursoId) index; a person is in a handful of classes.
 */
function classes(userId: string) {
  return rows(
    keyset("createdAt", async (last, take) =>
      (
        await prisma.classMember.findMany({
          where: {
            userId,
            ...(last ? { OR: [{ createdAt: { gt: last.at } }, { createdAt: last.at, claseId: { gt: last.id } }] } : {}),
          },
          orderBy: [{ createdAt: "asc" }, { claseId: "asc" }],
          take,
          select: {
            claseId: true,
            cursoId: true,
            createdAt: true,
            clase: { select: { nombre: true, curso: { select: { titulo: true } } } },
            addedBy: { select: { nombre: true, apellido: true } },
          },
        })
      ).map((row) => ({ ...row, id: row.claseId })),
    ),
    (r) => ({
      claseId: r.claseId,
      clase: r.clase.nombre,
      cursoId: r.cursoId,
      curso: r.clase.curso.titulo,
      enLaClaseDesde: r.createdAt,
      comoLlegaste: r.addedBy
        ? `agregado/a por ${`${r.addedBy.nombre} ${r.addedBy.apellido}`.trim()}`
        : "con el código de la clase",
    }),
  );
}

/**
 * The invitations to a class the person has not accepted (docs/decisions/032-class-invitations.md),
 * oldest first: a range of the (userId, createdAt) index. An accepted one is a class of clases.json.
 */
function classInvitations(userId: string) {
  return rows(
    keyset("createdAt", (last, take) =>
      prisma.classInvitation.findMany({
        where: { userId, ...after("createdAt", last) },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take,
        select: {
          id: true,
          createdAt: true,
          declinedAt: true,
          clase: { select: { id: true, nombre: true, curso: { select: { id: true, titulo: true } } } },
          invitedBy: { select: { nombre: true, apellido: true } },
        },
      }),
    ),
    (r) => ({
      claseId: r.clase.id,
      clase: r.clase.nombre,
      cursoId: r.clase.curso.id,
      curso: r.clase.curso.titulo,
      invitadaEn: r.createdAt,
      invitadaPor: r.invitedBy ? `${r.invitedBy.nombre} ${r.invitedBy.apellido}`.trim() : null,
      rechazadaEn: r.declinedAt,
    }),
  );
}

/**
 * The courses whose team the person is on as 'Profesor/a' (docs/product.md#course-teams), oldest
 * first, in (createdAt, cursoId) order: one user's rows are a range of the (userId, createdAt) index.
 */
function teams(userId: string) {
  return rows(
    keyset("createdAt", async (last, take) =>
      (
        await prisma.courseTeacher.findMany({
          where: {
            userId,
            ...(last ? { OR: [{ createdAt: { gt: last.at } }, { createdAt: last.at, cursoId: { gt: last.id } }] } : {}),
          },
          orderBy: [{ createdAt: "asc" }, { cursoId: "asc" }],
          take,
          select: { cursoId: true, createdAt: true, curso: { select: { titulo: true } } },
        })
      ).map((row) => ({ ...row, id: row.cursoId })),
    ),
    (r) => ({ cursoId: r.cursoId, curso: r.curso.titulo, profesorDesde: r.createdAt }),
  );
}

/**
 * Every quiz attempt with its answers, module by module (the attempts' index is
 * (userId, moduloId, createdAt): each module's attempts are one range of it), oldest first.
 */
function attempts(userId: string) {
  return rows(
    (async function* () {
      const modules = await prisma.quizAttempt.groupBy({ by: ["moduloId"], where: { userId } });
      for (const { moduloId } of modules) {
        const modulo = await prisma.module.findUnique({
          where: { id: moduloId },
          select: { titulo: true, posicion: true, curso: { select: { titulo: true } } },
        });
        for await (const batch of keyset("createdAt", (last, take) =>
          prisma.quizAttempt.findMany({
            where: { userId, moduloId, ...after("createdAt", last) },
            orderBy: [{ createdAt: "asc" }, { id: "asc" }],
            take,
            select: {
              id: true,
              cursoId: true,
              moduloId: true,
              porcentaje: true,
              aprobado: true,
              correctas: true,
              totalPreguntas: true,
              createdAt: true,
              answers: { select: { id: true, pregunta: true, respuestaUsuario: true, esCorrecta: true } },
            },
          }),
        )) {
          yield batch.map((r) => ({ ...r, modulo }));
        }
      }
    })(),
    (r) => ({
      id: r.id,
      cursoId: r.cursoId,
      curso: r.modulo?.curso.titulo ?? null,
      moduloId: r.moduloId,
      modulo: r.modulo ? { numero: r.modulo.posicion + 1, titulo: r.modulo.titulo } : null,
      fecha: r.createdAt,
      porcentaje: r.porcentaje,
      aprobado: r.aprobado,
      correctas: r.correctas,
      totalPreguntas: r.totalPreguntas,
      // In the order they were recorded (the quiz's order).
      respuestas: [...r.answers]
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((a) => ({ pregunta: a.pregunta, respuesta: a.respuestaUsuario, correcta: a.esCorrecta })),
    }),
  );
}

type CertificateRow = Parameters<typeof ensureCertificatePdf>[0];
const certificateFile = (codigo: string) => `certificados/${codigo}.pdf`;

/** The stored PDF's bytes (rendered now if it is missing), or null when it cannot be had. */
async function certificatePdf(row: CertificateRow) {
  try {
    return await readStoredChunks(await ensureCertificatePdf(row));
  } catch (error) {
    log.error(
      { err: error, codigo: row.codigo },
      "No se pudo incluir el PDF de un certificado en una descarga de datos",
    );
    return null;
  }
}

function certificates(userId: string, pdfs: Set<string>) {
  return rows(
    keyset("emitidoEn", (last, take) =>
      prisma.certificate.findMany({
        where: { userId, ...after("emitidoEn", last) },
        orderBy: [{ emitidoEn: "asc" }, { id: "asc" }],
        take,
        select: {
          id: true,
          codigo: true,
          cursoId: true,
          nombreTitular: true,
          nombreOriginal: true,
          nombreActualizadoEn: true,
          tituloCurso: true,
          duracionHoras: true,
          emitidoEn: true,
          revocadoEn: true,
        },
      }),
    ),
    (r) => ({
      id: r.id,
      codigo: r.codigo,
      cursoId: r.cursoId,
      nombreTitular: r.nombreTitular,
      nombreOriginal: r.nombreOriginal,
      nombreActualizadoEn: r.nombreActualizadoEn,
      curso: r.tituloCurso,
      duracionHoras: r.duracionHoras,
      emitidoEn: r.emitidoEn,
      revocadoEn: r.revocadoEn,
      verificacion: verificationUrl(r.codigo),
      archivo: pdfs.has(r.codigo) ? certificateFile(r.codigo) : null,
    }),
  );
}

/** What the person sent: whether it was read is the recipient's (docs/product.md#messages). */
function sentMessages(userId: string) {
  return rows(
    keyset("createdAt", (last, take) =>
      prisma.message.findMany({
        where: { fromId: userId, ...after("createdAt", last) },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take,
        select: messageSelect,
      }),
    ),
    (r) => ({ id: r.id, para: r.to, asunto: r.subject, contenido: r.content, enviadoEn: r.createdAt }),
  );
}

function receivedMessages(userId: string) {
  return rows(
    keyset("createdAt", (last, take) =>
      prisma.message.findMany({
        where: { toId: userId, ...after("createdAt", last) },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take,
        select: messageSelect,
      }),
    ),
    (r) => ({
      id: r.id,
      de: { nombre: r.fromName, correo: r.from, rol: r.fromRole },
      para: r.to,
      asunto: r.subject,
      contenido: r.content,
      recibidoEn: r.createdAt,
      leidoEn: r.leidoEn,
    }),
  );
}

/** The person's notifications (features/notifications), oldest first. */
function notifications(userId: string) {
  return rows(
    keyset("createdAt", (last, take) =>
      prisma.notification.findMany({
        where: { userId, ...after("createdAt", last) },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take,
      }),
    ),
    (r) => ({
      id: r.id,
      tipo: r.kind,
      titulo: r.title,
      texto: r.text,
      enlace: r.link,
      creadaEn: r.createdAt,
      leidaEn: r.readAt,
      enResumenDiario: r.digestPending,
    }),
  );
}

/** The questions the person asked under a course's modules (docs/product.md#module-questions). */
function moduleQuestions(userId: string) {
  return rows(
    keyset("createdAt", (last, take) =>
      prisma.moduleQuestion.findMany({
        where: { authorId: userId, ...after("createdAt", last) },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take,
        select: {
          id: true,
          texto: true,
          respondida: true,
          resuelta: true,
          oculta: true,
          createdAt: true,
          updatedAt: true,
          editadaEn: true,
          curso: { select: { id: true, titulo: true } },
          modulo: { select: { titulo: true } },
        },
      }),
    ),
    (r) => ({
      id: r.id,
      curso: r.curso,
      modulo: r.modulo.titulo,
      texto: r.texto,
      respondida: r.respondida,
      resuelta: r.resuelta,
      oculta: r.oculta,
      publicadaEn: r.createdAt,
      editadaEn: r.editadaEn,
      actualizadaEn: r.updatedAt,
    }),
  );
}

/** The answers the person gave to module questions as a course's teacher. */
function moduleAnswers(userId: string) {
  return rows(
    keyset("createdAt", (last, take) =>
      prisma.moduleAnswer.findMany({
        where: { authorId: userId, ...after("createdAt", last) },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take,
        select: {
          id: true,
          preguntaId: true,
          texto: true,
          createdAt: true,
          pregunta: { select: { curso: { select: { id: true, titulo: true } } } },
        },
      }),
    ),
    (r) => ({ id: r.id, preguntaId: r.preguntaId, curso: r.pregunta.curso, texto: r.texto, publicadaEn: r.createdAt }),
  );
}

/** The announcements the person posted in a course as its teacher (docs/product.md#announcements). */
function announcements(userId: string) {
  return rows(
    keyset("createdAt", (last, take) =>
      prisma.announcement.findMany({
        where: { authorId: userId, ...after("createdAt", last) },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take,
        select: {
          id: true,
          titulo: true,
          texto: true,
          createdAt: true,
          updatedAt: true,
          curso: { select: { id: true, titulo: true } },
        },
      }),
    ),
    (r) => ({
      id: r.id,
      curso: r.curso,
      titulo: r.titulo,
      texto: r.texto,
      publicadoEn: r.createdAt,
      actualizadoEn: r.updatedAt,
    }),
  );
}

/**
 * The e-mail the academy sent (or will send) to the account: what, when and how it went, not
 * its text, which may carry a live single-use link.
 */
function mails(userId: string) {
  return rows(
    keyset("createdAt", (last, take) =>
      prisma.outboxMail.findMany({
        where: { toUserId: userId, ...after("createdAt", last) },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take,
        select: { id: true, to: true, subject: true, kind: true, status: true, createdAt: true, sentAt: true },
      }),
    ),
    (r) => ({
      para: r.to,
      asunto: r.subject,
      tipo: r.kind,
      estado: MAIL_STATES[r.status] ?? r.status,
      creadoEn: r.createdAt,
      enviadoEn: r.sentAt,
    }),
  );
}
const MAIL_STATES: Record<string, string> = { pending: "por enviar", sent: "enviado", failed: "no se pudo enviar" };

/** Browser sessions and API tokens: what and when, never the row's id (the token's hash). */
function sessions(userId: string) {
  return rows(
    keyset("createdAt", (last, take) =>
      prisma.session.findMany({
        where: { userId, ...after("createdAt", last) },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take,
        select: { id: true, kind: true, dispositivo: true, createdAt: true, lastSeenAt: true, expiresAt: true },
      }),
    ),
    (r) => ({
      tipo: r.kind === "api" ? "token de la API" : "navegador",
      dispositivo: r.dispositivo,
      iniciadaEn: r.createdAt,
      ultimoUso: r.lastSeenAt,
      venceEn: r.expiresAt,
    }),
  );
}

/**
 * The audit log's entries made by the person, and those about their account made by someone
 * else (an admin's approval, suspension…): of these, what and when, not who nor from where.
 */
function activity(userId: string) {
  const select = {
    id: true,
    action: true,
    targetType: true,
    targetId: true,
    detail: true,
    ip: true,
    createdAt: true,
  } as const;
  return {
    hechasPorTi: rows(
      keyset("createdAt", (last, take) =>
        prisma.auditLog.findMany({
          where: { actorId: userId, ...after("createdAt", last) },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          take,
          select,
        }),
      ),
      (r) => ({
        accion: r.action,
        descripcion: auditActionText(r.action),
        fecha: r.createdAt,
        sobre: r.targetType ? { tipo: r.targetType, id: r.targetId } : null,
        detalle: r.detail,
        ip: r.ip,
      }),
    ),
    sobreTuCuenta: rows(
      keyset("createdAt", (last, take) =>
        prisma.auditLog.findMany({
          where: {
            targetType: "user",
            targetId: userId,
            OR: [{ actorId: null }, { actorId: { not: userId } }],
            ...after("createdAt", last),
          },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          take,
          select,
        }),
      ),
      (r) => ({ accion: r.action, descripcion: auditActionText(r.action), fecha: r.createdAt, detalle: r.detail }),
    ),
  };
}

function readme(now: Date): string {
  const brand = env().APP_NAME;
  const when = new Intl.DateTimeFormat("es-CL", {
    timeZone: TIME_ZONE,
    dateStyle: "long",
    timeStyle: "short",
    hourCycle: "h23",
  });
  return [
    `Tus datos en ${brand}`,
    `Descargados el ${when.format(now)} (hora de Chile).`,
    "",
    "Este archivo contiene todo lo que la academia guarda sobre tu cuenta (Ley 21.719: derechos de",
    "acceso y portabilidad). Los archivos .json son texto: se abren con cualquier editor y otros",
    "programas pueden leerlos. Las fechas están en formato ISO 8601, en hora UTC.",
    "",
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
    "inscripciones.json",
    "  Los cursos en que te inscribiste, con tu avance y la fecha de inscripción.",
    "clases.json",
    "  Las clases de tus cursos en que estás: la clase, el curso, desde cuándo y cómo llegaste (con el",
    "  código de la clase, o porque tu profesor/a te agregó).",
    "invitaciones-a-clases.json",
    "  Las invitaciones a una clase que aún no aceptas: la clase, el curso, quién te invitó, cuándo y",
    "  si la rechazaste.",
    "equipos-docentes.json",
    "  Los cursos en cuyo equipo docente estás como profesor/a, y desde cuándo.",
    "evaluaciones.json",
    "  Cada intento de evaluación: curso, módulo, fecha, nota y tus respuestas, una por una.",
    "fechas-limite.json",
    "  Desde cuándo existe tu enlace de calendario (el enlace no está: solo guardamos una huella) y",
    "  los recordatorios de fechas límite que te enviamos: curso, módulo, fecha límite y envío.",
    "certificados.json y la carpeta certificados/",
    "  Tus certificados (código, nombre, curso, horas, fecha y enlace de verificación) y el PDF de",
    "  cada uno. Un certificado revocado no tiene PDF.",
    "mensajes-enviados.json y mensajes-recibidos.json",
    "  Los mensajes que enviaste y los que recibiste en la academia.",
    "notificaciones.json",
    "  Tus notificaciones (tipo, título, texto, enlace, fecha y cuándo la leíste) y cómo elegiste",
    "  recibir cada tipo (preferencias: app, solo en la plataforma; email, correo al momento; digest,",
    "  resumen diario).",
    "avisos-publicados.json",
    "  Los avisos que publicaste en los cursos de los que eres profesor/a: curso, título, texto y fechas.",
    "preguntas.json",
    "  Las preguntas que hiciste en los módulos de tus cursos (curso, módulo, texto, fechas y si tiene",
    "  respuesta, está resuelta u oculta) y las respuestas que diste como profesor/a.",
    "correos.json",
    "  Los correos que la academia te envió: asunto, tipo, estado y fecha. Su texto no está (puede",
    "  llevar un enlace de un solo uso).",
    "sesiones.json",
    "  Los navegadores y tokens de la API con tu cuenta abierta: dispositivo, inicio, último uso y",
    "  vencimiento. Las claves de las sesiones no están.",
    "registro-de-actividad.json",
    "  El registro de auditoría de tu cuenta: lo que hiciste (hechasPorTi: ingresos, cambios de",
    "  contraseña, esta descarga…, con la dirección IP) y lo que otra persona hizo sobre tu cuenta",
    "  (sobreTuCuenta: una aprobación, una suspensión…, sin decir quién ni desde dónde).",
    "",
    "Para corregir tus datos usa tu perfil; para eliminarlos, 'Eliminar mi cuenta'. La página",
    "/privacidad explica qué guardamos, para qué, por cuánto tiempo y cómo ejercer cada derecho.",
    "",
  ].join("\r\n");
}

// ---------------------------------------------------------------------------------------------
// Reading in batches, writing JSON as it is read

type Key = { id: string; at: Date };
type KeyField = "createdAt" | "registradoEn" | "emitidoEn";

/**
 * Prisma's `where` for the rows after `last` in (field, id) order: the range is on the date
 * alone (an index ending in it reads it in order), the rows of the same instant up to the id
 * filtered out, as lib/keyset.ts does newest first.
 */
function after<F extends KeyField>(field: F, last: Key | null) {
  if (!last) return {};
  return {
    [field]: { gte: last.at },
    NOT: { [field]: last.at, id: { lte: last.id } },
  } as { [K in F]: { gte: Date } } & { NOT: { [K in F]: Date } & { id: { lte: string } } };
}

/** A table's rows BATCH at a time, in (field, id) order from a cursor: never the whole history in memory. */
async function* keyset<F extends KeyField, T extends { id: string } & { [K in F]: Date }>(
  field: F,
  read: (last: Key | null, take: number) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let last: Key | null = null;
  for (;;) {
    const batch = await read(last, BATCH);
    if (batch.length > 0) yield batch;
    if (batch.length < BATCH) return;
    const end = batch.at(-1)!;
    last = { id: end.id, at: end[field] };
  }
}

/** A JSON array written batch by batch. */
class Rows {
  readonly batches: AsyncIterable<readonly unknown[]>;
  constructor(batches: AsyncIterable<readonly unknown[]>) {
    this.batches = batches;
  }
}
function rows<T>(batches: AsyncIterable<readonly T[]>, item: (row: T) => unknown): Rows {
  return new Rows(
    (async function* () {
      for await (const batch of batches) yield batch.map(item);
    })(),
  );
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Indented JSON text of `value`, its Rows written as they are read. */
async function* json(value: unknown, indent = ""): AsyncGenerator<string> {
  const inner = `${indent}  `;
  if (value instanceof Rows) {
    let first = true;
    yield "[";
    for await (const batch of value.batches) {
      let text = "";
      for (const item of batch) {
        text += `${first ? "" : ","}\n${inner}${JSON.stringify(item, null, 2).replaceAll("\n", `\n${inner}`)}`;
        first = false;
      }
      if (text) yield text;
    }
    yield first ? "]" : `\n${indent}]`;
  } else if (isPlainObject(value) && Object.values(value).some((v) => v instanceof Rows || isPlainObject(v))) {
    const keys = Object.keys(value);
    yield "{";
    for (const [i, key] of keys.entries()) {
      yield `\n${inner}${JSON.stringify(key)}: `;
      yield* json(value[key], inner);
      if (i < keys.length - 1) yield ",";
    }
    yield keys.length ? `\n${indent}}` : "}";
  } else {
    yield JSON.stringify(value, null, 2).replaceAll("\n", `\n${indent}`);
  }
  if (!indent) yield "\n";
}

/** "2026-11-25": the day in Chile, for the file's name. */
function calendarDay(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" })
    .format(at)
    .slice(0, 10);
}
