// The large one-call writes, timed (they were wall-clock or CPU bounds in tests; the tests keep
// what they write, and a count of the statements where one is caught):
// - 'Importar lista' of a class, 1 000 rows (half without e-mail), preview and confirmation
//   (tests/classes/class-import.test.ts): goal < 8 s;
// - 'Importar usuarios', 1 000 rows (tests/accounts/user-import.test.ts): goal < 5 s of CPU;
// - the list reader on 1 000 rows (app/features/accounts/import/parse-list.test.ts): goal < 1 s;
// - notify() to 5 000 recipients (tests/messages/notifications.test.ts): goal < 1.5 s of CPU (≈ 450 ms
//   measured on a shared machine);
// - 'Escribir a la clase' to a class of 3 000 (tests/classes/class-progress.test.ts): goal < 3 s of CPU.
// CPU time is the process's own (process.cpuUsage), which moves little with the machine's load.
import crypto from "node:crypto";
import { expect, it } from "vitest";
import { newClassCode } from "~/features/classes/codes.ts";
import { classListFingerprint, confirmClassImport, previewClassImport } from "~/features/classes/import.server.ts";
import { courseTitleFields } from "~/features/courses/title-search.ts";
import { notify, setPreferences } from "~/features/notifications/notify.server.ts";
import { confirmImport, listFingerprint } from "~/features/accounts/import/import.server.ts";
import { parseList } from "~/features/accounts/import/parse-list.ts";
import { rutCheckDigit } from "~/features/accounts/rut.ts";
import { prisma } from "~/lib/db.server.ts";
import * as writePage from "~/routes/classes/write.tsx";
import { args, createUser, dataOf, formRequest, signedIn } from "../../../tests/factories.ts";

/** `run`'s wall time and the CPU time of this process meanwhile, in ms, printed under `name`. */
async function measure<T>(name: string, run: () => Promise<T> | T) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const value = await run();
  const used = process.cpuUsage(cpu);
  const times = { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
  console.info(`${name}: ${Math.round(times.ms)} ms, ${Math.round(times.cpuMs)} ms de CPU`);
  return { value, ...times };
}

function rowsOf(text: string, emailOptional = false) {
  const parsed = parseList(text, { emailOptional });
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.rows;
}

async function course(titulo: string) {
  return prisma.course.create({
    data: { ...courseTitleFields(titulo), estado: "publicado", herramientas: [], loAprenderan: [] },
    select: { id: true },
  });
}

/** `size` approved learners with addresses at `domain`, created in one statement. */
async function learners(size: number, domain: string) {
  const run = crypto.randomUUID().slice(0, 8);
  const ids = Array.from({ length: size }, (_, i) => `bench-${run}-${i}`);
  await prisma.user.createMany({
    data: ids.map((id, i) => ({
      id,
      nombre: `Estudiante ${i}`,
      apellido: "Banco",
      correo: `${id}@${domain}`,
      rol: "estudiante",
      aprobado: true,
      passwordHash: "x",
    })),
  });
  return ids;
}

it("'Importar lista' of a class: 1 000 rows (half without e-mail) checked and written in < 8 s", async () => {
  const teacher = await signedIn("docente");
  const { id: cursoId } = await course("Curso de la importación medida");
  await prisma.courseTeacher.create({ data: { cursoId, userId: teacher.user.id } });
  const clase = await prisma.courseClass.create({
    data: { cursoId, nombre: "Clase medida", codigo: newClassCode(), createdById: teacher.user.id },
    select: { id: true, cursoId: true, nombre: true, codigo: true, createdAt: true },
  });
  const text = Array.from({ length: 1000 }, (_, i) =>
    i % 2 === 0 ? `masivo.${i}@colegio.cl;Persona;Número ${i}` : `;Persona;Sin Correo ${i}`,
  ).join("\n");
  const options = { autorizacionColegio: false };
  const { value: outcome, ms } = await measure("Importar lista de una clase, 1 000 filas", async () => {
    await previewClassImport(teacher.user, clase, rowsOf(text, true), text, options);
    const huella = classListFingerprint(clase.id, text, options);
    return confirmClassImport(teacher.user, clase, rowsOf(text, true), text, { ...options, huella }, null);
  });
  expect(outcome).toMatchObject({ ok: true, agregadas: 1000 });
  expect(ms).toBeLessThan(8000);
});

it("'Importar usuarios': 1 000 rows in < 5 s of CPU", async () => {
  const admin = await createUser({ rol: "admin" });
  const lines = ["correo;nombre;apellido;rut;fecha de nacimiento"];
  for (let i = 0; i < 1000; i++) {
    const body = String(20_000_000 + i);
    lines.push(`mil${i}@escuela.cl;Estudiante ${i};Apellido;${body}-${rutCheckDigit(body)};01-03-2008`);
  }
  const text = lines.join("\r\n");
  const options = { rol: "estudiante" as const, autorizacionColegio: false };
  const { value: outcome, cpuMs } = await measure("Importar usuarios, 1 000 filas", () =>
    confirmImport(admin, rowsOf(text), text, { ...options, huella: listFingerprint(text, options) }, null),
  );
  expect(outcome).toMatchObject({ ok: true, creadas: 1000 });
  expect(cpuMs).toBeLessThan(5000);
});

it("the list reader: 1 000 rows in < 1 s", async () => {
  const lines = ["correo;nombre;apellido;rut;fecha de nacimiento"];
  for (let i = 0; i < 1000; i++) {
    const body = String(10_000_000 + i);
    lines.push(`estudiante${i}@colegio.cl;Nombre ${i};Apellido;${body}-${rutCheckDigit(body)};01-03-2011`);
  }
  const { value: rows, ms } = await measure("Lectura de una lista de 1 000 filas", () => rowsOf(lines.join("\r\n")));
  expect(rows).toHaveLength(1000);
  expect(ms).toBeLessThan(1000);
});

it("notify() to 5 000 recipients in < 1.5 s of CPU", async () => {
  const ids = await learners(5000, "curso-medido.cl");
  // A few chose otherwise: read with the batch, not one by one.
  await setPreferences(ids[7]!, { aviso: "app" });
  await setPreferences(ids[4000]!, { aviso: "digest" });
  const { value: outcome, cpuMs } = await measure("notify() a 5 000 personas", () =>
    notify({
      kind: "aviso",
      to: ids,
      title: "Aviso a todo el curso",
      text: "La profesora actualizó el módulo 2 de «Álgebra».",
      link: "/cursos/algebra",
    }),
  );
  expect(outcome).toEqual({ notified: 5000, mailed: 4998, digest: 1 });
  expect(cpuMs).toBeLessThan(1500);
});

it("'Escribir a la clase' to a class of 3 000 in < 3 s of CPU", async () => {
  const size = 3000;
  const own = await signedIn("docente");
  const { id: cursoId } = await course("Curso de una clase grande medida");
  await prisma.courseTeacher.create({ data: { cursoId, userId: own.user.id } });
  const clase = await prisma.courseClass.create({
    data: { cursoId, nombre: "Toda la generación", codigo: newClassCode(), createdById: own.user.id },
  });
  const ids = await learners(size, "clase-medida.cl");
  await prisma.enrolment.createMany({ data: ids.map((userId) => ({ userId, cursoId })) });
  await prisma.classMember.createMany({
    data: ids.map((userId) => ({ claseId: clase.id, cursoId, userId, addedById: own.user.id })),
  });
  const path = `/docente/cursos/${cursoId}/clases/${clase.id}/escribir`;
  const fields = { subject: "Ensayo general", content: "El lunes a las 08:00, en el gimnasio." };
  const { value: sent, cpuMs } = await measure("Escribir a la clase, 3 000 personas", async () =>
    dataOf<{ sent: number | null }>(
      await writePage.action(args(formRequest(path, fields, { cookie: own.cookie }), { cursoId, claseId: clase.id })),
    ),
  );
  expect(sent.data.sent).toBe(size);
  expect(cpuMs).toBeLessThan(3000);
});
