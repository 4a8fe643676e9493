// @postgresql: the admin's course list in raw SQL
// Admin course table: publish, permanent delete (rows and files; certificates stay), participants and CSV.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server.ts";
import { storagePath, storeBytes } from "~/lib/storage.server.ts";
import { participantCsvBatches, participantsCsv } from "~/features/enrolment/participants.server.ts";
import { formatDate } from "~/lib/dates.ts";
import { courseTitleFields, courseWordsCreate } from "~/features/courses/title-search.ts";
import * as coursesRoute from "~/routes/admin/courses.tsx";
import * as participantsRoute from "~/routes/docente/participants.tsx";
import * as csvRoute from "~/routes/docente/participants-csv.ts";
import * as publishApi from "~/routes/api/cursos.publish.ts";
import * as detailApi from "~/routes/api/cursos.detail.ts";
import * as participantsApi from "~/routes/api/cursos.participants.ts";
import { args, createUser, formRequest, getRequest, jsonRequest, readJson, signedIn } from "../factories.ts";

async function draftWithFiles() {
  const image = await storeBytes("courses", "png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const pdf = await storeBytes("modules", "pdf", new TextEncoder().encode("%PDF-1.4\n"));
  return prisma.course.create({
    data: {
      titulo: "Borrador con archivos",
      imagen: image,
      herramientas: [],
      loAprenderan: [],
      modulos: {
        create: [{ posicion: 0, titulo: "M", archivos: { create: [{ nombre: "a.pdf", storageKey: pdf, tamano: 9 }] } }],
      },
    },
  });
}

/** `n` approved students named {prefix}0…{prefix}{n-1}, made in one statement. */
async function manyStudents(n: number, prefix: string) {
  const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  await prisma.user.createMany({
    data: Array.from({ length: n }, (_, i) => ({
      nombre: `${prefix}${i}`,
      apellido: "Prueba",
      correo: `${prefix}${i}-${stamp}@test.cl`,
      rol: "estudiante",
      aprobado: true,
      fechaNacimiento: new Date("2000-01-01"),
      passwordHash: "x",
    })),
  });
  return prisma.user.findMany({
    where: { correo: { endsWith: `-${stamp}@test.cl` } },
    select: { id: true, nombre: true },
  });
}

describe("admin courses", () => {
  it("publishes a draft from the table and through the API (admin only)", async () => {
    const admin = await signedIn("admin");
    const course = await draftWithFiles();
    const response = (await coursesRoute.action(
      args(formRequest("/admin/courses", { intent: "publish", courseId: course.id }, { cookie: admin.cookie })),
    )) as Response;
    expect(response.status).toBe(302);
    expect((await prisma.course.findUniqueOrThrow({ where: { id: course.id } })).estado).toBe("publicado");
    expect(await prisma.auditLog.count({ where: { action: "course.publish", targetId: course.id } })).toBe(1);

    const other = await draftWithFiles();
    const student = await signedIn("estudiante");
    const call = (token?: string) =>
      publishApi.action(
        args(jsonRequest(`/api/cursos/${other.id}/publicar`, null, { method: "PUT", token }), { cursoId: other.id }),
      );
    expect((await call()).status).toBe(401);
    expect((await call(student.token)).status).toBe(403);
    expect((await call(admin.token)).status).toBe(200);
    expect((await prisma.course.findUniqueOrThrow({ where: { id: other.id } })).estado).toBe("publicado");
  });

  it("searches the table by title, ignoring case and accents; actions come back to the search", async () => {
    const admin = await signedIn("admin");
    // Titles as the course services write them (with their search form).
    const make = (titulo: string) =>
      prisma.course.create({
        data: { ...courseTitleFields(titulo), ...courseWordsCreate({ titulo }), herramientas: [], loAprenderan: [] },
      });
    const a = await make("Robótica Educativa");
    await make("ROBOTICA para docentes");
    await make("Huertos urbanos");
    const found = await coursesRoute.loader(args(getRequest("/admin/courses?q=%20robotica%20", admin.cookie)));
    expect(found.courses.map((c) => c.titulo).sort()).toEqual(["ROBOTICA para docentes", "Robótica Educativa"]);
    expect(found.total).toBe(2);
    const none = await coursesRoute.loader(args(getRequest("/admin/courses?q=astronomía", admin.cookie)));
    expect(none.courses).toEqual([]);
    expect(none.pageCount).toBe(1);
    const response = (await coursesRoute.action(
      args(formRequest("/admin/courses?q=robotica", { intent: "publish", courseId: a.id }, { cookie: admin.cookie })),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/admin/courses?q=robotica");
  });

  it("deletes permanently: rows, enrolments and the course's stored files, never an issued certificate or its PDF; the API needs an admin", async () => {
    const admin = await signedIn("admin");
    const course = await draftWithFiles();
    const files = [
      course.imagen!,
      (await prisma.moduleFile.findFirstOrThrow({ where: { modulo: { cursoId: course.id } } })).storageKey,
    ];
    const student = await signedIn("estudiante");
    await prisma.enrolment.create({ data: { userId: student.user.id, cursoId: course.id } });
    const pdfKey = await storeBytes("certificates", "pdf", new TextEncoder().encode("%PDF-1.4\n"));
    const certificate = await prisma.certificate.create({
      data: {
        codigo: "QRSTUVWXYZ234567",
        userId: student.user.id,
        cursoId: course.id,
        nombreTitular: "Ana Pérez",
        tituloCurso: course.titulo,
        pdfKey,
      },
    });

    const noToken = await detailApi.action(
      args(jsonRequest(`/api/cursos/${course.id}`, null, { method: "DELETE" }), { cursoId: course.id }),
    );
    expect(noToken.status).toBe(401);
    expect(await prisma.course.count({ where: { id: course.id } })).toBe(1);

    const response = await detailApi.action(
      args(jsonRequest(`/api/cursos/${course.id}`, null, { method: "DELETE", token: admin.token }), {
        cursoId: course.id,
      }),
    );
    expect(response.status).toBe(200);
    expect(await prisma.course.count({ where: { id: course.id } })).toBe(0);
    expect(await prisma.enrolment.count({ where: { cursoId: course.id } })).toBe(0);
    for (const key of files) expect(fs.existsSync(storagePath(key))).toBe(false);
    expect(await prisma.certificate.findUniqueOrThrow({ where: { id: certificate.id } })).toEqual({
      ...certificate,
      cursoId: null,
    });
    expect(fs.existsSync(storagePath(pdfKey))).toBe(true);
  });

  it("lists participants, exports CSV, and refuses non-admins", async () => {
    const admin = await signedIn("admin");
    const course = await draftWithFiles();
    const p = await createUser({ nombre: "=Sofía", apellido: "Muñoz" });
    await prisma.enrolment.create({ data: { userId: p.id, cursoId: course.id, progreso: 50 } });
    const page = await participantsRoute.loader(
      args(getRequest(`/docente/cursos/${course.id}/participantes`, admin.cookie), { cursoId: course.id }),
    );
    expect(page.participantes).toEqual([
      expect.objectContaining({ nombre: "=Sofía Muñoz", correo: p.correo, progreso: 50 }),
    ]);
    const csv = (await csvRoute.loader(args(getRequest("/x", admin.cookie), { cursoId: course.id }))) as Response;
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(text.startsWith("\uFEFFNombre;Correo;Fecha de registro;Progreso\r\n")).toBe(true);
    expect(text).toContain(`'=Sofía Muñoz;${p.correo};${formatDate(new Date())};50%\r\n`);

    const student = await signedIn("estudiante");
    await expect(
      participantsRoute.loader(args(getRequest("/x", student.cookie), { cursoId: course.id })),
    ).rejects.toHaveProperty("status", 302);
    const api = await participantsApi.loader(
      args(jsonRequest("/x", null, { method: "GET", token: student.token }), { cursoId: course.id }),
    );
    expect(api.status).toBe(403);
    const ok = await participantsApi.loader(
      args(jsonRequest("/x", null, { method: "GET", token: admin.token }), { cursoId: course.id }),
    );
    expect((await readJson(ok)).participantes).toHaveLength(1);
  });

  it("writes 'Sin fecha' when a date is missing", () => {
    expect(participantsCsv([{ nombre: "A", correo: "a@b.cl", registradoEn: null, progreso: 0 }])).toContain(
      "A;a@b.cl;Sin fecha;0%\r\n",
    );
  });

  it("exports every participant once, 1 000 at a time, even when enrolled at the same instant", async () => {
    const course = await prisma.course.create({
      data: { ...courseTitleFields("Curso masivo"), estado: "publicado", herramientas: [], loAprenderan: [] },
    });
    const users = await manyStudents(1203, "M");
    const at = new Date("2026-03-01T12:00:00Z");
    await prisma.enrolment.createMany({
      data: users.map((u) => ({ userId: u.id, cursoId: course.id, registradoEn: at })),
    });
    const batches = [];
    for await (const batch of participantCsvBatches(course.id)) batches.push(batch);
    expect(batches.map((b) => b.length)).toEqual([1000, 203]);
    const emails = batches.flat().map((row) => row[1]);
    expect(new Set(emails).size).toBe(1203);
    expect(batches[0]?.[0]?.[2]).toBe("01-03-2026");
  });
});

describe("GET /api/cursos/{cursoId}/participantes in pages", () => {
  it("answers 50 at a time in enrolment order, with Link and X-Total-Count", async () => {
    const { token } = await signedIn("admin");
    const course = await prisma.course.create({
      data: { ...courseTitleFields("Curso concurrido"), estado: "publicado", herramientas: [], loAprenderan: [] },
    });
    const stamp = Date.now();
    const users = await manyStudents(55, "P");
    const order = new Map(users.map((u) => [u.id, Number(u.nombre.slice(1))]));
    await prisma.enrolment.createMany({
      data: users.map((u) => ({
        userId: u.id,
        cursoId: course.id,
        registradoEn: new Date(stamp + order.get(u.id)! * 1000),
      })),
    });
    const get = (path: string) =>
      participantsApi.loader(args(jsonRequest(path, undefined, { method: "GET", token }), { cursoId: course.id }));
    const first = await get(`/api/cursos/${course.id}/participantes`);
    const firstBody = (await first.json()) as { participantes: Array<{ nombre: string }> };
    expect(firstBody.participantes).toHaveLength(50);
    expect(firstBody.participantes[0]!.nombre).toBe("P0 Prueba");
    expect(first.headers.get("X-Total-Count")).toBe("55");
    expect(first.headers.get("Link")).toBe(`</api/cursos/${course.id}/participantes?page=2>; rel="next"`);
    const second = await get(`/api/cursos/${course.id}/participantes?page=2`);
    const names = ((await second.json()) as { participantes: Array<{ nombre: string }> }).participantes.map(
      (p) => p.nombre,
    );
    expect(names).toEqual(["P50 Prueba", "P51 Prueba", "P52 Prueba", "P53 Prueba", "P54 Prueba"]);
    expect(second.headers.get("Link")).toBe(`</api/cursos/${course.id}/participantes?page=1>; rel="prev"`);
  });
});

describe("the admin course table by its page links", () => {
  it("walks every course once, forwards and back, through the cursors of the links", async () => {
    const { cookie } = await signedIn("admin");
    const base = Date.now() - 86_400_000;
    await prisma.course.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({
        ...courseTitleFields(`Tabla ${i}`),
        herramientas: [],
        loAprenderan: [],
        createdAt: new Date(base + Math.floor(i / 4) * 1000), // ties broken by id
      })),
    });
    const seen = new Set<string>();
    const pages: Array<{ ids: string[]; prev: string | null; page: number }> = [];
    let url = "/admin/courses";
    for (let guard = 0; guard < 100; guard++) {
      const data = await coursesRoute.loader(args(getRequest(url, cookie)));
      pages.push({ ids: data.courses.map((c) => c.id), prev: data.cursors.prev, page: data.page });
      for (const c of data.courses) {
        expect(seen.has(c.id)).toBe(false);
        seen.add(c.id);
      }
      if (!data.cursors.next) break;
      url = `/admin/courses?page=${data.page + 1}&desde=${data.cursors.next}`;
    }
    const total = await prisma.course.count();
    expect(seen.size).toBe(total);
    const last = pages.at(-1)!;
    const back = await coursesRoute.loader(
      args(getRequest(`/admin/courses?page=${last.page - 1}&antes=${last.prev}`, cookie)),
    );
    expect(back.courses.map((c) => c.id)).toEqual(pages.at(-2)!.ids);
  });
});
