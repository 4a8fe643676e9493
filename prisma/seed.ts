// `npm run db:seed`: a realistic Spanish (Chile) demo catalog. Idempotent: an existing
// database is left alone (use `-- --reset` to wipe rows and stored files first).
// With ADMIN_EMAIL and ADMIN_PASSWORD set, the admin comes from them and no account with a
// known password is created (no demo users, no demo messages).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { setImmediate as yieldLoop } from "node:timers/promises";
import { databaseUrl } from "../app/lib/db-adapter.ts";
import { createPrismaClient } from "../app/lib/db.server.ts";
import { courseTitleFields, courseWordsCreate } from "../app/features/courses/title-search.ts";
import { userSearchWords, userWordsCreate } from "../app/features/accounts/user-words.ts";
import { bookSearchFields } from "../app/features/library/book-words.ts";
import { progressPercent } from "../app/features/enrolment/progress.ts";
import { hashPassword } from "../app/lib/password.server.ts";
import { storeBytes, uploadsDir } from "../app/lib/storage.server.ts";
import { DEMO_ACCOUNTS, DEMO_ADMIN, DEMO_PASSWORD, type DemoAccount } from "./demo-accounts.ts";
import { createRandom, makeCoverPng, makeDocumentPdf, toSearchText, type CoverTheme } from "./seed-assets.ts";
import { BOOKS, COURSES, PARTICIPANT_NAMES, type CourseSeed } from "./seed-catalog.ts";

const prisma = createPrismaClient(databaseUrl());
const random = createRandom(2026);
const started = performance.now();

const COVER_COLOURS: Record<CoverTheme, { from: string; to: string; accent: string }> = {
  tecnologia: { from: "#1e3a8a", to: "#0f766e", accent: "#fbbf24" },
  sostenibilidad: { from: "#166534", to: "#65a30d", accent: "#fde68a" },
  urbano: { from: "#7c2d12", to: "#b45309", accent: "#e0f2fe" },
};

async function main() {
  const reset = process.argv.includes("--reset");
  const adminEmail = process.env.ADMIN_EMAIL?.trim().toLowerCase();
  const adminPassword = process.env.ADMIN_PASSWORD;
  const production = Boolean(adminEmail && adminPassword);
  if ((adminEmail && !adminPassword) || (!adminEmail && adminPassword)) {
    throw new Error("Define ADMIN_EMAIL y ADMIN_PASSWORD juntos (o ninguno para los datos de demostración).");
  }
  if (production && adminPassword!.length < 8) throw new Error("ADMIN_PASSWORD debe tener al menos 8 caracteres.");

  if (reset) await wipe();
  if ((await prisma.user.count({ where: { rol: "admin" } })) > 0) {
    console.log("La base de datos ya tiene datos; nada que sembrar.");
    return;
  }

  const admin = await prisma.user.create({
    data: production
      ? {
          nombre: "Administración",
          apellido: "Academia",
          correo: adminEmail!,
          rol: "admin",
          aprobado: true,
          aprobadoEn: new Date(),
          correoConfirmado: true,
          correoConfirmadoEn: new Date(),
          passwordHash: await hashPassword(adminPassword!),
          ...userWordsCreate({ nombre: "Administración", apellido: "Academia", correo: adminEmail! }),
        }
      : await demoUserData(DEMO_ADMIN),
  });

  const people = production ? [] : await createDemoPeople();
  const courses = await createCourses(admin.id);
  const books = await createBooks();
  let enrolments = 0;
  if (!production) {
    enrolments = await enrol(people, courses);
    await createMessages();
  }

  const ms = Math.round(performance.now() - started);
  console.log(
    `Semilla lista en ${ms} ms: ${await prisma.user.count()} usuarios, ${courses.length} cursos, ` +
      `${await prisma.module.count()} módulos, ${await prisma.moduleFile.count()} PDF de módulos, ` +
      `${await prisma.quizQuestion.count()} preguntas, ${books} libros, ${enrolments} inscripciones.`,
  );
  if (production) {
    console.log(`Administrador: ${adminEmail} (contraseña de ADMIN_PASSWORD).`);
  } else {
    console.log(`\nCuentas de demostración (contraseña ${DEMO_PASSWORD}):`);
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      console.log(
        `  ${account.rol.padEnd(10)} ${account.correo}${account.aprobado ? "" : " (pendiente de aprobación)"}`,
      );
    }
  }
}

let demoHash: Promise<string> | undefined;
async function demoUserData(account: DemoAccount) {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  return {
    nombre: account.nombre,
    apellido: account.apellido,
    correo: account.correo,
    rol: account.rol,
    aprobado: account.aprobado,
    aprobadoEn: account.aprobado ? new Date() : null,
    // Accounts the academy creates have their addresses confirmed (docs/product.md#registration-and-approval).
    correoConfirmado: true,
    correoConfirmadoEn: new Date(),
    fechaNacimiento: new Date(`${account.fechaNacimiento}T12:00:00Z`),
    passwordHash: await demoHash,
    ...userWordsCreate(account),
  };
}

type Person = { id: string; rol: string; demo: boolean };

async function createDemoPeople(): Promise<Person[]> {
  const people: Person[] = [];
  for (const key of ["docente", "estudiante", "comunidad", "pendiente"] as const) {
    const user = await prisma.user.create({ data: await demoUserData(DEMO_ACCOUNTS[key]) });
    if (user.aprobado) people.push({ id: user.id, rol: user.rol, demo: true });
  }
  // Extra participants with unusable passwords (a hash of a random value nobody knows).
  const unusable = await hashPassword(crypto.randomUUID());
  const roles = ["estudiante", "estudiante", "docente", "comunidad"];
  const rows = PARTICIPANT_NAMES.map(([nombre, apellido], i) => ({
    id: crypto.randomUUID(),
    nombre,
    apellido,
    correo: `${toSearchText(nombre).replace(/\s+/g, ".")}.${toSearchText(apellido).replace(/\s+/g, ".")}${i}@ejemplo.cl`,
    rol: roles[i % roles.length]!,
    aprobado: true,
    aprobadoEn: new Date(),
    correoConfirmado: true,
    fechaNacimiento: new Date(
      Date.UTC(1965 + Math.floor(random() * 45), Math.floor(random() * 12), 1 + Math.floor(random() * 27), 12),
    ),
    passwordHash: unusable,
    createdAt: new Date(Date.now() - Math.floor(random() * 120) * 86_400_000),
  }));
  await prisma.user.createMany({ data: rows });
  // Their words for the Registros search (createMany writes no relations).
  await prisma.userWord.createMany({
    data: rows.flatMap((row) => userSearchWords(row).map((word) => ({ userId: row.id, word }))),
  });
  for (const row of rows) people.push({ id: row.id, rol: row.rol, demo: false });
  return people;
}

type SeededCourse = {
  id: string;
  dirigidoA: string;
  estado: string;
  quizModules: Array<{
    id: string;
    preguntas: Array<{ id: string; texto: string; opciones: Array<{ id: string; texto: string; correcta: boolean }> }>;
  }>;
  moduleCount: number;
};

async function createCourses(adminId: string): Promise<SeededCourse[]> {
  const seeded: SeededCourse[] = [];
  for (const [index, course] of COURSES.entries()) {
    const colours = COVER_COLOURS[course.theme];
    const image = await storeBytes(
      "courses",
      "png",
      makeCoverPng({ ...colours, theme: course.theme, seed: index + 1 }),
    );
    const created = await prisma.course.create({
      data: {
        ...courseTitleFields(course.titulo),
        ...courseWordsCreate(course),
        imagen: image,
        bienvenida: course.bienvenida,
        duracionHoras: course.duracionHoras,
        dirigidoA: course.dirigidoA,
        estado: course.publicado ? "publicado" : "borrador",
        publicadoEn: course.publicado ? new Date(Date.now() - (COURSES.length - index) * 86_400_000) : null,
        fechaInicio: new Date(`${course.fechaInicio}T12:00:00Z`),
        fechaTermino: new Date(`${course.fechaTermino}T12:00:00Z`),
        herramientas: course.herramientas,
        loAprenderan: course.loAprenderan,
        creadoPorId: adminId,
        createdAt: new Date(Date.now() - (COURSES.length - index) * 86_400_000),
      },
    });
    const quizModules: SeededCourse["quizModules"] = [];
    for (const [posicion, modulo] of course.modulos.entries()) {
      const archivos = [];
      for (const [f, file] of modulo.archivos.entries()) {
        const { bytes } = await makeDocumentPdf({
          title: file.titulo,
          kicker: course.titulo,
          subtitle: `Módulo ${posicion + 1}: ${modulo.titulo}`,
          author: "Academia Abierta",
          colour: colours.from,
          sections: file.secciones,
        });
        const storageKey = await storeBytes("modules", "pdf", bytes);
        archivos.push({ nombre: `${file.titulo}.pdf`, storageKey, tamano: bytes.length, posicion: f });
      }
      const created2 = await prisma.module.create({
        data: {
          cursoId: created.id,
          posicion,
          titulo: modulo.titulo,
          descripcion: modulo.descripcion,
          archivos: { create: archivos },
          enlaces: { create: modulo.enlaces.map((e, i) => ({ ...e, posicion: i })) },
          preguntas: {
            create: modulo.preguntas.map((p, i) => ({
              posicion: i,
              texto: p.texto,
              opciones: { create: p.opciones.map((texto, o) => ({ posicion: o, texto, correcta: o === p.correcta })) },
            })),
          },
        },
        select: {
          id: true,
          preguntas: {
            orderBy: { posicion: "asc" },
            select: {
              id: true,
              texto: true,
              opciones: { orderBy: { posicion: "asc" }, select: { id: true, texto: true, correcta: true } },
            },
          },
        },
      });
      if (created2.preguntas.length > 0) quizModules.push(created2);
      await yieldLoop();
    }
    seeded.push({
      id: created.id,
      dirigidoA: created.dirigidoA,
      estado: created.estado,
      quizModules,
      moduleCount: course.modulos.length,
    });
  }
  return seeded;
}

/** Enrolments with realistic, distinct participant counts; the demo users get some progress. */
async function enrol(people: Person[], courses: SeededCourse[]) {
  const published = courses.filter((c) => c.estado === "publicado");
  const extras = people.filter((p) => !p.demo);
  let total = 0;
  for (const [i, course] of published.entries()) {
    const eligible = extras.filter(
      (p) => course.dirigidoA === "general" || p.rol === course.dirigidoA || p.rol === "docente",
    );
    const count = Math.max(1, Math.min(eligible.length, eligible.length - i * 2));
    const chosen = eligible.slice(0, count);
    await prisma.enrolment.createMany({
      data: chosen.map((p) => ({
        userId: p.id,
        cursoId: course.id,
        registradoEn: new Date(Date.now() - Math.floor(random() * 60) * 86_400_000),
      })),
    });
    total += chosen.length;
  }
  // The demo estudiante, docente and comunidad: a couple of courses each, with passed quizzes.
  for (const person of people.filter((p) => p.demo)) {
    const theirs = published.filter((c) => c.dirigidoA === "general" || c.dirigidoA === person.rol).slice(0, 2);
    for (const [k, course] of theirs.entries()) {
      const passedModules = k === 0 ? course.quizModules.slice(0, Math.max(1, course.quizModules.length - 1)) : [];
      for (const modulo of passedModules) {
        await prisma.quizAttempt.create({
          data: {
            userId: person.id,
            cursoId: course.id,
            moduloId: modulo.id,
            porcentaje: 100,
            aprobado: true,
            correctas: modulo.preguntas.length,
            totalPreguntas: modulo.preguntas.length,
            answers: {
              create: modulo.preguntas.map((p) => {
                const right = p.opciones.find((o) => o.correcta)!;
                return {
                  preguntaId: p.id,
                  opcionId: right.id,
                  pregunta: p.texto,
                  respuestaUsuario: right.texto,
                  esCorrecta: true,
                  puntaje: 100,
                };
              }),
            },
          },
        });
      }
      const progreso = progressPercent(
        course.quizModules.map((m) => m.id),
        new Set(passedModules.map((m) => m.id)),
      );
      await prisma.enrolment.create({ data: { userId: person.id, cursoId: course.id, progreso } });
      total++;
    }
  }
  // Participant counters follow the rows exactly.
  for (const course of courses) {
    const n = await prisma.enrolment.count({ where: { cursoId: course.id } });
    await prisma.course.update({ where: { id: course.id }, data: { cantidadParticipantes: n } });
  }
  return total;
}

async function createBooks() {
  for (const [i, book] of BOOKS.entries()) {
    const { bytes, pages } = await makeDocumentPdf({
      title: book.title,
      subtitle: book.description,
      author: book.author,
      coverNotes: ["Biblioteca Academia Abierta", "Osorno, Chile"],
      colour: ["#1f7a63", "#1e3a8a", "#7c2d12", "#6b21a8"][i % 4],
      sections: book.sections,
    });
    const pdfKey = await storeBytes("books", "pdf", bytes);
    await prisma.book.create({
      data: {
        title: book.title,
        author: book.author,
        pages,
        description: book.description,
        pdfKey,
        pdfSize: bytes.length,
        ...bookSearchFields(book.title, book.author, new Date(Date.now() - (BOOKS.length - i) * 3_600_000)),
      },
    });
  }
  return BOOKS.length;
}

async function createMessages() {
  const users = await prisma.user.findMany({
    where: { correo: { in: Object.values(DEMO_ACCOUNTS).map((a) => a.correo) } },
    select: { id: true, correo: true, nombre: true, apellido: true, rol: true },
  });
  const by = (correo: string) => users.find((u) => u.correo === correo)!;
  const send = (from: string, to: string, subject: string, content: string, read: boolean, hoursAgo: number) => {
    const a = by(from);
    const b = by(to);
    return prisma.message.create({
      data: {
        fromId: a.id,
        toId: b.id,
        from: a.correo,
        fromName: `${a.nombre} ${a.apellido}`,
        fromRole: a.rol,
        to: b.correo,
        subject,
        content,
        leidoEn: read ? new Date() : null,
        createdAt: new Date(Date.now() - hoursAgo * 3_600_000),
      },
    });
  };
  await send(
    DEMO_ADMIN.correo,
    DEMO_ACCOUNTS.estudiante.correo,
    "Bienvenido a Academia Abierta",
    "Hola Matías: tu cuenta ya está activa. Te recomendamos comenzar por el curso de introducción a la programación. ¡Éxito!",
    true,
    72,
  );
  await send(
    DEMO_ACCOUNTS.docente.correo,
    DEMO_ACCOUNTS.estudiante.correo,
    "Material complementario",
    "Hola Matías, subí una guía extra al módulo 2. Revísala antes de la evaluación.",
    false,
    5,
  );
  await send(
    DEMO_ACCOUNTS.comunidad.correo,
    DEMO_ADMIN.correo,
    "Consulta por certificado",
    "Buenas tardes, ¿el certificado del curso de huertos urbanos sirve para postular a fondos municipales?",
    false,
    20,
  );
  await send(
    DEMO_ACCOUNTS.estudiante.correo,
    DEMO_ACCOUNTS.docente.correo,
    "Duda sobre la evaluación",
    "Profesora, ¿la evaluación del módulo 3 se puede repetir si no la apruebo?",
    false,
    2,
  );
  await prisma.contactMessage.createMany({
    data: [
      {
        nombre: "Francisca Gallardo",
        correo: "francisca.gallardo@ejemplo.cl",
        mensaje:
          "Hola, represento a una junta de vecinos de Rahue Bajo. ¿Pueden dictar el curso de reciclaje en nuestra sede?",
        createdAt: new Date(Date.now() - 30 * 3_600_000),
      },
      {
        nombre: "Liceo Carmela Carvajal",
        correo: "utp@liceo-ejemplo.cl",
        mensaje: "Queremos inscribir a 35 estudiantes de tercero medio en el curso de programación. ¿Cómo lo hacemos?",
        createdAt: new Date(Date.now() - 8 * 3_600_000),
      },
    ],
  });
}

async function wipe() {
  await prisma.$transaction([
    prisma.attemptAnswer.deleteMany(),
    prisma.quizAttempt.deleteMany(),
    prisma.certificate.deleteMany(),
    prisma.enrolment.deleteMany(),
    prisma.quizOption.deleteMany(),
    prisma.quizQuestion.deleteMany(),
    prisma.moduleLink.deleteMany(),
    prisma.moduleFile.deleteMany(),
    prisma.module.deleteMany(),
    prisma.course.deleteMany(),
    prisma.book.deleteMany(),
    prisma.message.deleteMany(),
    prisma.contactMessage.deleteMany(),
    prisma.outboxMail.deleteMany(),
    prisma.auditLog.deleteMany(),
    prisma.session.deleteMany(),
    prisma.user.deleteMany(),
  ]);
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
  console.log(`Datos y archivos eliminados (${path.relative(process.cwd(), uploadsDir()) || uploadsDir()}).`);
}

export type { CourseSeed };

try {
  await main();
} finally {
  await prisma.$disconnect();
}
