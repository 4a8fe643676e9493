// A course's announcements (docs/product.md#announcements, decision 026): one service for the pages
// and the API; each write is one transaction with its audit row.
import { clipForNotice, notify } from "~/features/notifications/notify.server.ts";
import { Prisma } from "~/generated/prisma/client.ts";
import { auditMany, type AuditAction } from "~/features/audit/audit.server.ts";
import { canSeeDrafts, type Viewer } from "~/features/courses/rules.ts";
import { mayManageCourse } from "~/features/courses/team.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { courseReadAccess } from "~/features/enrolment/enrolment.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { isRecordId } from "~/lib/ids.ts";
import { fetchKeysetPage, keysetCursors, rowsInOrder, type Cursor } from "~/lib/keyset.ts";
import type { CourseAnnouncementsData } from "./components/course-announcements.tsx";
import type { AnnouncementJson } from "./schema.ts";
import { ANNOUNCEMENT_NOT_FOUND, ANNOUNCEMENTS_FORBIDDEN } from "./texts.ts";

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];
type Actor = { id: string };
type Fields = { titulo: string; texto: string };

/** Announcements on a course's page (the newest few) and on a page of a list. */
export const LATEST_ON_COURSE_PAGE = 3;
export const ANNOUNCEMENT_PAGE_SIZE = 20;
/** 'Avisos de mis cursos' on /user: the newest few, the rest at /user/avisos. */
export const MY_LATEST = 3;

const viewSelect = {
  id: true,
  cursoId: true,
  titulo: true,
  texto: true,
  createdAt: true,
  updatedAt: true,
  curso: { select: { titulo: true } },
  author: { select: { nombre: true, apellido: true } },
} as const;
type ViewRow = Prisma.AnnouncementGetPayload<{ select: typeof viewSelect }>;

/** One announcement as the pages show it and the API answers it. */
function toView(row: ViewRow): AnnouncementJson {
  // An edit in the same second as the post is the post itself (createdAt and updatedAt differ by
  // the microseconds of one insert).
  const edited = row.updatedAt.getTime() - row.createdAt.getTime() > 1000;
  return {
    id: row.id,
    cursoId: row.cursoId,
    curso: row.curso.titulo,
    titulo: row.titulo,
    texto: row.texto,
    autor: row.author ? `${row.author.nombre} ${row.author.apellido}`.trim() : null,
    publicadoEn: row.createdAt.toISOString(),
    editadoEn: edited ? row.updatedAt.toISOString() : null,
  };
}

export type AnnouncementCourse = { id: string; titulo: string; estado: string };

/** Who reads a course's announcements: its team, and its enrolled learners while they may see the course. */
export async function readAccess(
  viewer: Viewer,
  cursoId: string | undefined,
): Promise<Result<{ course: AnnouncementCourse; team: boolean }>> {
  // A private course's learners read its announcements whether or not it is ready for the class.
  const access = await courseReadAccess(viewer, cursoId, ANNOUNCEMENTS_FORBIDDEN);
  if (!access.ok) return access;
  const { id, titulo, estado } = access.course;
  return ok({ course: { id, titulo, estado }, team: access.team });
}

export type AnnouncementPage = {
  avisos: AnnouncementJson[];
  /** The cursors of the links to the newer ('antes') and older ('desde') page, null where none. */
  cursors: { prev: string | null; next: string | null };
};

/** A page of one course's announcements, newest first: a range of (cursoId, createdAt, id). */
export async function listCourseAnnouncements(
  cursoId: string,
  cursor: Cursor | null,
  size = ANNOUNCEMENT_PAGE_SIZE,
): Promise<AnnouncementPage> {
  const page = await fetchKeysetPage(1, cursor, size, (_range, query) =>
    prisma.announcement.findMany({
      where: { cursoId, ...query.where },
      orderBy: query.orderBy,
      take: query.take,
      select: viewSelect,
    }),
  );
  return { avisos: page.rows.map(toView), cursors: keysetCursors(page) };
}

/** SQL of the keyset range after or before `cursor` on `a` (lib/keyset.ts's keysetQuery, written out). */
function keysetSql(cursor: Cursor | null) {
  if (!cursor) return { where: Prisma.sql`1 = 1`, order: Prisma.sql`a."createdAt" DESC, a."id" DESC` };
  if ("desde" in cursor) {
    const { createdAt, id } = cursor.desde;
    return {
      where: Prisma.sql`(a."createdAt" < ${createdAt} OR (a."createdAt" = ${createdAt} AND a."id" < ${id}))`,
      order: Prisma.sql`a."createdAt" DESC, a."id" DESC`,
    };
  }
  const { createdAt, id } = cursor.antes;
  return {
    where: Prisma.sql`(a."createdAt" > ${createdAt} OR (a."createdAt" = ${createdAt} AND a."id" > ${id}))`,
    order: Prisma.sql`a."createdAt" ASC, a."id" ASC`,
  };
}

/**
 * 'Avisos de mis cursos' (/user, /user/avisos): the announcements of every course the person is
 * enrolled in, newest first, a keyset page. One statement driven by their enrolments (CROSS JOIN
 * keeps SQLite's join order): each course's (cursoId, createdAt, id) range from the cursor, in the
 * engine, and the course's state only for what was found; the rows by primary key.
 */
export async function listMyAnnouncements(
  viewer: NonNullable<Viewer>,
  cursor: Cursor | null,
  size = ANNOUNCEMENT_PAGE_SIZE,
): Promise<AnnouncementPage> {
  const keyset = keysetSql(cursor);
  // A private course's learners read its announcements (it is theirs to see, ready or not).
  const visible = canSeeDrafts(viewer)
    ? Prisma.empty
    : Prisma.sql`AND (c."estado" = 'publicado' OR c."visibilidad" = 'privado')`;
  const page = await fetchKeysetPage(1, cursor, size, async (_range, query) => {
    const found = await prisma.$queryRaw<Array<{ id: string }>>`SELECT a."id" FROM "Enrolment" e
      CROSS JOIN "Announcement" a CROSS JOIN "Course" c
      WHERE e."userId" = ${viewer.id} AND a."cursoId" = e."cursoId" AND c."id" = a."cursoId"
        AND ${keyset.where} ${visible}
      ORDER BY ${keyset.order} LIMIT ${query.take}`;
    return rowsInOrder(
      found.map((r) => r.id),
      (ids) => prisma.announcement.findMany({ where: { id: { in: ids } }, select: viewSelect }),
    );
  });
  return { avisos: page.rows.map(toView), cursors: keysetCursors(page) };
}

/**
 * The top of the course page for its enrolled learners (the caller checked they see the course)
 * and its team: the newest few and whether there are more; null for anyone else.
 */
export async function courseAnnouncementsFor(
  viewer: Viewer,
  course: { id: string; enrolled: boolean },
): Promise<CourseAnnouncementsData | null> {
  if (!viewer) return null;
  const team = await mayManageCourse(viewer, course.id);
  if (!team && !course.enrolled) return null;
  const page = await listCourseAnnouncements(course.id, null, LATEST_ON_COURSE_PAGE);
  return {
    latest: page.avisos,
    more: page.cursors.next !== null,
    manageHref: team ? `/docente/cursos/${course.id}/avisos` : null,
  };
}

/** One announcement of this course (primary key, checked against the course), or null. */
async function findAnnouncement(cursoId: string, avisoId: string | undefined) {
  if (!isRecordId(avisoId)) return null;
  const row = await prisma.announcement.findUnique({ where: { id: avisoId }, select: viewSelect });
  return row && row.cursoId === cursoId ? row : null;
}

/** One announcement of the course for its team's edit form, or null. */
export async function getAnnouncement(cursoId: string, avisoId: string | undefined) {
  const row = await findAnnouncement(cursoId, avisoId);
  return row ? toView(row) : null;
}

// The team's writes (the caller has passed requireCourseManager / requireApiCourseManager)

/**
 * Inside the transaction that posts an announcement: every learner enrolled in the course (not its
 * author) is notified, committed or rolled back with it. Editing or deleting tells nobody again.
 */
async function afterAnnouncementPosted(
  tx: Tx,
  aviso: { id: string; cursoId: string; authorId: string; titulo: string; texto: string },
): Promise<void> {
  const [course, learners] = await Promise.all([
    tx.course.findUniqueOrThrow({ where: { id: aviso.cursoId }, select: { titulo: true } }),
    tx.enrolment.findMany({
      where: { cursoId: aviso.cursoId, userId: { not: aviso.authorId } },
      select: { userId: true },
    }),
  ]);
  if (learners.length === 0) return;
  await notify(
    {
      kind: "aviso",
      to: learners.map((l) => l.userId),
      title: `${aviso.titulo} (${course.titulo})`,
      text: clipForNotice(aviso.texto),
      link: `/cursos/${aviso.cursoId}/avisos`,
      linkLead: "Lee el aviso en",
    },
    tx,
  );
}

function writeAudit(
  tx: Tx,
  request: Request | null,
  action: AuditAction,
  actor: Actor,
  cursoId: string,
  detail: string,
) {
  return auditMany(request, action, [{ actorId: actor.id, targetType: "course", targetId: cursoId, detail }], tx);
}

/** 'Publicar aviso' and POST /api/cursos/{cursoId}/avisos: the row, its audit row and its notifications, at once. */
export async function postAnnouncement(
  actor: Actor,
  cursoId: string,
  fields: Fields,
  request: Request | null,
): Promise<Result<{ aviso: AnnouncementJson }>> {
  if (!isRecordId(cursoId) || !(await prisma.course.findUnique({ where: { id: cursoId }, select: { id: true } }))) {
    return fail(404, COURSE_NOT_FOUND);
  }
  const row = await prisma.$transaction(async (tx) => {
    const created = await tx.announcement.create({
      data: { cursoId, authorId: actor.id, titulo: fields.titulo, texto: fields.texto },
      select: viewSelect,
    });
    await writeAudit(tx, request, "announcement.post", actor, cursoId, `${created.id}: ${created.titulo}`);
    await afterAnnouncementPosted(tx, { ...created, authorId: actor.id });
    return created;
  });
  return ok({ aviso: toView(row) });
}

/** 'Guardar' and PUT /api/cursos/{cursoId}/avisos/{avisoId}: the new title and text. */
export async function updateAnnouncement(
  actor: Actor,
  cursoId: string,
  avisoId: string | undefined,
  fields: Fields,
  request: Request | null,
): Promise<Result<{ aviso: AnnouncementJson }>> {
  const found = await findAnnouncement(cursoId, avisoId);
  if (!found) return fail(404, ANNOUNCEMENT_NOT_FOUND);
  const row = await prisma.$transaction(async (tx) => {
    const updated = await tx.announcement.update({
      where: { id: found.id },
      data: { titulo: fields.titulo, texto: fields.texto },
      select: viewSelect,
    });
    await writeAudit(tx, request, "announcement.edit", actor, cursoId, `${found.id}: ${updated.titulo}`);
    return updated;
  });
  return ok({ aviso: toView(row) });
}

/** 'Eliminar' and DELETE /api/cursos/{cursoId}/avisos/{avisoId}. */
export async function deleteAnnouncement(
  actor: Actor,
  cursoId: string,
  avisoId: string | undefined,
  request: Request | null,
): Promise<Result> {
  const found = await findAnnouncement(cursoId, avisoId);
  if (!found) return fail(404, ANNOUNCEMENT_NOT_FOUND);
  const gone = await prisma.$transaction(async (tx) => {
    const { count } = await tx.announcement.deleteMany({ where: { id: found.id, cursoId } });
    if (count === 0) return false;
    await writeAudit(tx, request, "announcement.delete", actor, cursoId, `${found.id}: ${found.titulo}`);
    return true;
  });
  return gone ? ok() : fail(404, ANNOUNCEMENT_NOT_FOUND);
}
