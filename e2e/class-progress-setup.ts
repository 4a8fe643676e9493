// A class with learners in the e2e database, for the class's progress, writing and notas specs
// (e2e/class-progress.spec.ts, the access table and the accessibility pages). The course, its team,
// the accounts, the enrolments and the attempts go through the API as a person's would; the class
// and its members are written straight into the e2e database (scripts/e2e-server.ts's file), as
// the class pages would write them: the pages that create classes and add learners are not what
// these specs check.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, type APIRequestContext } from "@playwright/test";
import { ADMIN, approvedUser, PNG_1PX } from "./support.ts";

const DB_FILE = path.resolve(import.meta.dirname, "..", ".tmp", `e2e-${process.env.E2E_PORT ?? "3310"}`, "e2e.db");
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789";

export async function bearer(request: APIRequestContext, credentials: { correo: string; password: string }) {
  const response = await request.post("/api/auth/login", { data: credentials });
  expect(response.status()).toBe(200);
  return { Authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

/** An id of the shape the app makes (25 lowercase letters and digits, as cuid()). */
function recordId() {
  return `c${Array.from(randomBytes(24), (b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("")}`;
}

/**
 * A class of the course with these enrolled learners, written into the e2e database: its dates
 * copied from rows the app wrote (the course's, each enrolment's), so they are in the app's format.
 */
export function seedClass(cursoId: string, nombre: string, teacherId: string | null, userIds: string[] = []) {
  const claseId = recordId();
  const codigo = Array.from(randomBytes(8), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
  const db = new DatabaseSync(DB_FILE);
  try {
    db.exec("PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = ON;");
    const clase = db
      .prepare(
        `INSERT INTO "CourseClass" ("id", "cursoId", "nombre", "codigo", "createdById", "createdAt", "updatedAt")
         SELECT ?, "id", ?, ?, ?, "createdAt", "createdAt" FROM "Course" WHERE "id" = ?`,
      )
      .run(claseId, nombre, codigo, teacherId, cursoId);
    expect(clase.changes, `clase del curso ${cursoId}`).toBe(1);
    const member = db.prepare(
      `INSERT INTO "ClassMember" ("claseId", "cursoId", "userId", "addedById", "createdAt")
       SELECT ?, "cursoId", "userId", ?, "registradoEn" FROM "Enrolment" WHERE "cursoId" = ? AND "userId" = ?`,
    );
    for (const userId of userIds) {
      expect(member.run(claseId, teacherId, cursoId, userId).changes, `inscripción de ${userId}`).toBe(1);
    }
  } finally {
    db.close();
  }
  return claseId;
}

const CLASS_MODULES = ["Primer módulo", "Segundo módulo"];

/**
 * A published course of two modules, each a one-question quiz, whose team lists a new docente,
 * and a class of three learners: Alba never starts, Bruno fails the first module twice (Atascado),
 * Zoe passes both (Finalizado).
 */
export async function classWithLearners(request: APIRequestContext, stamp: string) {
  const admin = await bearer(request, ADMIN);
  const titulo = `Curso de la clase ${stamp}`;
  const created = await request.post("/api/cursos", {
    headers: admin,
    multipart: {
      titulo,
      duracionHoras: "4",
      dirigidoA: "general",
      imagen: { name: "portada.png", mimeType: "image/png", buffer: PNG_1PX },
      modulos: JSON.stringify(
        CLASS_MODULES.map((t) => ({
          titulo: t,
          quiz: [{ texto: "¿Cuánto es 2 + 2?", opciones: ["3", "4"], respuestaCorrecta: 1 }],
        })),
      ),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const cursoId = ((await created.json()) as { id: string }).id;
  expect((await request.put(`/api/cursos/${cursoId}/publicar`, { headers: admin })).status()).toBe(200);

  const teacher = await approvedUser(request, "docente", "Profe");
  const team = await request.put(`/api/cursos/${cursoId}/equipo`, {
    headers: admin,
    data: { profesores: [teacher.id] },
  });
  expect(team.status(), await team.text()).toBe(200);

  const [alba, bruno, zoe] = [
    await approvedUser(request, "estudiante", "Alba"),
    await approvedUser(request, "estudiante", "Bruno"),
    await approvedUser(request, "estudiante", "Zoe"),
  ];
  const answer = async (who: typeof alba, modulo: number, respuesta: number) => {
    const response = await request.post(`/api/cursos/${cursoId}/modulos/${modulo}/responder`, {
      headers: await bearer(request, who),
      data: { respuestas: [respuesta] },
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { aprobado: boolean }).aprobado;
  };
  for (const who of [alba, bruno, zoe]) {
    const enrolled = await request.post(`/api/cursos/${cursoId}/registrarParticipante`, {
      headers: await bearer(request, who),
    });
    expect(enrolled.status()).toBe(201);
  }
  expect(await answer(bruno, 0, 0)).toBe(false);
  expect(await answer(bruno, 0, 0)).toBe(false);
  expect(await answer(zoe, 0, 1)).toBe(true);
  expect(await answer(zoe, 1, 1)).toBe(true);

  const claseNombre = `3.º B ${stamp}`;
  const claseId = seedClass(cursoId, claseNombre, teacher.id, [alba.id, bruno.id, zoe.id]);
  return {
    cursoId,
    titulo,
    claseId,
    claseNombre,
    teacher,
    learners: { alba, bruno, zoe },
    /** The class's pages in the teacher's panel. */
    base: `/docente/cursos/${cursoId}/clases/${claseId}`,
  };
}
