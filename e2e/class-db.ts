// Direct rows in the e2e server's database for the classes' specs: a published course with a
// teacher on its team and a class of it (the pages that create classes are their own specs').
// The database is the one scripts/e2e-server.ts serves for this port. Direct rows, not a call:
// the specs of creating a class (its page and POST /api/cursos/{id}/clases) are their own.
import { e2eDb as db } from "./e2e-db.ts";
import { newClassCode } from "../app/features/classes/codes.ts";

/** A class of an existing course (by id), made by nobody in particular. */
async function classOf(cursoId: string, nombre = `Clase ${Date.now()}-${Math.random()}`): Promise<string> {
  const clase = await db().courseClass.create({
    data: { cursoId, nombre, codigo: newClassCode() },
    select: { id: true },
  });
  return clase.id;
}

/** A published course for everyone, with this teacher (by e-mail) on its team, and a class of it. */
export async function teacherClass(teacherEmail: string): Promise<{ cursoId: string; claseId: string }> {
  const teacher = await db().user.findUniqueOrThrow({ where: { correo: teacherEmail }, select: { id: true } });
  const course = await db().course.create({
    data: {
      titulo: `Curso con clases ${Date.now()}`,
      estado: "publicado",
      publicadoEn: new Date(),
      herramientas: [],
      loAprenderan: [],
      teachers: { create: { userId: teacher.id } },
    },
    select: { id: true },
  });
  return { cursoId: course.id, claseId: await classOf(course.id, "3° B") };
}
