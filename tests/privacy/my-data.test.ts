// 'Descargar mis datos' (Ley 21.719 access and portability): /mis-datos and
// GET /api/auth/mis-datos give the signed-in person one ZIP, streamed, with everything about
// them and nothing about anyone else: its entries are checked by Python's zipfile and `unzip -t`,
// parsed, and compared with the database row by row; no password or token hash is in its bytes.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { audit, AUDIT_ACTIONS, type AuditAction } from "~/features/audit/audit.server.ts";
import { ensureCertificatePdf } from "~/features/certificates/certificates.server.ts";
import { BUDGETS } from "~/features/limits/rate-limits.server.ts";
import { MY_DATA_TOO_MANY } from "~/features/privacy/my-data.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { readStoredBytes, storeBytes } from "~/lib/storage.server.ts";
import * as apiRoute from "~/routes/api/auth.my-data.ts";
import * as webRoute from "~/routes/users/my-data.ts";
import {
  args,
  createAttempt,
  createCourse,
  createUser,
  getRequest,
  jsonRequest,
  oneQuestionQuiz,
  PNG_1PX,
  signedIn,
  thrown,
} from "../factories.ts";

// ---------------------------------------------------------------------------------------------
// Reading an archive back: Python's zipfile (CRCs checked) and Info-ZIP's `unzip -t`

const READ_ZIP = `
import base64, io, json, sys, zipfile
archive = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read()))
print(json.dumps({
    "bad": archive.testzip(),
    "files": {i.filename: base64.b64encode(archive.read(i)).decode() for i in archive.infolist()},
}))
`;

type Archive = { bytes: Buffer; files: Map<string, Buffer>; json: (name: string) => Record<string, unknown> };

function readZip(bytes: Buffer): Archive {
  const out = JSON.parse(
    execFileSync("python3", ["-c", READ_ZIP], { input: bytes, maxBuffer: 256 * 1024 * 1024 }).toString(),
  ) as { bad: string | null; files: Record<string, string> };
  expect(out.bad, "zipfile.testzip(): una entrada con CRC inválido").toBeNull();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mis-datos-"));
  try {
    fs.writeFileSync(path.join(dir, "a.zip"), bytes);
    expect(execFileSync("unzip", ["-t", path.join(dir, "a.zip")]).toString()).toMatch(/No errors detected/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const files = new Map(Object.entries(out.files).map(([name, b64]) => [name, Buffer.from(b64, "base64")]));
  return {
    bytes,
    files,
    json: (name) => {
      const file = files.get(name);
      expect(file, name).toBeDefined();
      return JSON.parse(file!.toString("utf8")) as Record<string, unknown>;
    },
  };
}

/** Everything a person could read in the archive: its raw bytes and every entry unpacked. */
const readable = (archive: Archive) => [archive.bytes, ...archive.files.values()].map((b) => b.toString("latin1"));
const utf8 = (archive: Archive) => [...archive.files.values()].map((b) => b.toString("utf8")).join("\n");

async function webDownload(cookie: string) {
  return (await webRoute.loader(args(getRequest("/mis-datos", cookie)))) as Response;
}
async function apiDownload(init: { token?: string; cookie?: string }) {
  return apiRoute.loader(args(jsonRequest("/api/auth/mis-datos", undefined, { method: "GET", ...init })));
}

const ids = (rows: unknown) => (rows as Array<{ id: string }>).map((r) => r.id).sort();

// ---------------------------------------------------------------------------------------------
// A person with a history, and another beside them

type Person = Awaited<ReturnType<typeof signedIn>>;
let ana: Person;
let bruno: Person;
let issuedCode = "";
let revokedCode = "";

async function historyOf(person: Person, other: Person, tag: string) {
  const course = await createCourse(
    { titulo: `Huertos ${tag}`, duracionHoras: 8, modulos: [{ titulo: `Suelo ${tag}`, preguntas: oneQuestionQuiz() }] },
    { include: { modulos: { include: { preguntas: { include: { opciones: true } } } } } },
  );
  const modulo = course.modulos[0]!;
  const question = modulo.preguntas[0]!;
  await prisma.enrolment.create({ data: { userId: person.user.id, cursoId: course.id, progreso: 100 } });
  for (const [i, right] of [false, true].entries()) {
    const option = question.opciones.find((o) => o.correcta === right)!;
    await createAttempt(person.user.id, modulo, {
      porcentaje: right ? 100 : 0,
      aprobado: right,
      correctas: right ? 1 : 0,
      createdAt: new Date(Date.now() - (2 - i) * 60_000),
      answers: {
        create: [
          {
            preguntaId: question.id,
            opcionId: option.id,
            pregunta: question.texto,
            respuestaUsuario: `${option.texto} (${tag})`,
            esCorrecta: right,
            puntaje: right ? 100 : 0,
          },
        ],
      },
    });
  }
  const certificate = await prisma.certificate.create({
    data: {
      codigo: `${tag}AAAAAAAAAAAAAAAA`.slice(0, 16),
      userId: person.user.id,
      cursoId: course.id,
      nombreTitular: `${person.user.nombre} ${person.user.apellido}`,
      tituloCurso: course.titulo,
      duracionHoras: 8,
    },
  });
  await prisma.message.create({
    data: {
      fromId: person.user.id,
      toId: other.user.id,
      from: person.user.correo,
      fromName: person.user.nombre,
      fromRole: "estudiante",
      to: other.user.correo,
      subject: `De ${tag}`,
      content: `Hola, soy ${tag}.`,
    },
  });
  await prisma.auditLog.create({
    data: { action: "user.approve", actorId: null, targetType: "user", targetId: person.user.id, ip: "10.9.9.9" },
  });
  // Mail to the account: its text may hold a live link, and stays out.
  await prisma.outboxMail.create({
    data: {
      to: person.user.correo,
      toUserId: person.user.id,
      subject: `Crea una nueva contraseña (${tag})`,
      text: `Enlace secreto ${tag}: http://localhost:3000/recuperar/${tag}-token-en-claro`,
      kind: "password.reset",
    },
  });
  return { course, certificate };
}

let taughtCourseId: string;
let classId: string;
let invitingClassId: string;

beforeAll(async () => {
  ana = await signedIn({ nombre: "Ana", apellido: "Rojas" });
  bruno = await signedIn({ nombre: "Bruno", apellido: "Vidal" });
  const avatar = await storeBytes("avatars", "png", PNG_1PX);
  await prisma.user.update({
    where: { id: ana.user.id },
    data: {
      imagenPerfil: avatar,
      privacidadVersion: "2026-11",
      privacidadAceptadaEn: new Date(),
      avisosCorreo: false,
      rut: "12345678-5",
    },
  });
  const mine = await historyOf(ana, bruno, "ANA");
  await historyOf(bruno, ana, "BRUNO");
  issuedCode = mine.certificate.codigo;
  // Ana's certificate has its PDF stored already; a second one, revoked, has none.
  await ensureCertificatePdf(mine.certificate);
  const other = await createCourse({ titulo: "Reciclaje" });
  // Ana teaches that course (its team); Bruno's team rows stay out of her archive.
  taughtCourseId = other.id;
  await prisma.courseTeacher.create({ data: { cursoId: other.id, userId: ana.user.id } });
  await prisma.courseTeacher.create({ data: { cursoId: other.id, userId: bruno.user.id } });
  // Ana joined a class of her course with its code; Bruno, enrolled too, was added by Ana: his row stays out.
  const clase = await prisma.courseClass.create({
    data: { cursoId: mine.course.id, nombre: "Curso 3°B 2026", codigo: "MDATOS23" },
  });
  classId = clase.id;
  await prisma.enrolment.upsert({
    where: { userId_cursoId: { userId: bruno.user.id, cursoId: mine.course.id } },
    create: { userId: bruno.user.id, cursoId: mine.course.id },
    update: {},
  });
  await prisma.classMember.createMany({
    data: [
      { claseId: clase.id, cursoId: mine.course.id, userId: ana.user.id },
      { claseId: clase.id, cursoId: mine.course.id, userId: bruno.user.id, addedById: ana.user.id },
    ],
  });
  // A manual column of that course: Ana's nota is hers; Bruno's, with his comment, stays out.
  const columna = await prisma.gradeColumn.create({
    data: { cursoId: mine.course.id, nombre: "Disertación", posicion: 0 },
  });
  await prisma.manualGrade.createMany({
    data: [
      { columnaId: columna.id, userId: ana.user.id, nota: 65, comentario: "Muy clara." },
      { columnaId: columna.id, userId: bruno.user.id, nota: 50, comentario: "Ensaya más (BRUNO)" },
    ],
  });
  // A second class invited Ana (by Bruno's list) and she declined; Bruno's own invitation stays out.
  const invitingClass = await prisma.courseClass.create({
    data: { cursoId: other.id, nombre: "Taller 2026", codigo: "MDATOS24" },
  });
  invitingClassId = invitingClass.id;
  await prisma.classInvitation.createMany({
    data: [
      { claseId: invitingClass.id, userId: ana.user.id, invitedById: bruno.user.id, declinedAt: new Date() },
      { claseId: invitingClass.id, userId: bruno.user.id, invitedById: ana.user.id },
    ],
  });
  revokedCode = "REVOKEDANAAAAAAA";
  await prisma.certificate.create({
    data: {
      codigo: revokedCode,
      userId: ana.user.id,
      cursoId: other.id,
      nombreTitular: "",
      tituloCurso: "Reciclaje",
      revocadoEn: new Date(),
    },
  });
  // A pending e-mail change and a recovery link: their token hashes stay out.
  await prisma.emailChange.create({
    data: {
      userId: ana.user.id,
      newEmail: `nuevo-${ana.user.correo}`,
      tokenHash: "a".repeat(64),
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  await prisma.accountToken.create({
    data: {
      userId: ana.user.id,
      purpose: "password",
      tokenHash: "b".repeat(64),
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
});

// ---------------------------------------------------------------------------------------------

describe("Descargar mis datos", () => {
  let archive: Archive;

  it("gives the signed-in person one streamed ZIP: a download, never cached", async () => {
    const response = await webDownload(ana.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="mis-datos-academia-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    // Produced as it is read: a body stream, no length known up front.
    expect(response.body).toBeInstanceOf(ReadableStream);
    expect(response.headers.get("Content-Length")).toBeNull();
    archive = readZip(Buffer.from(await response.arrayBuffer()));
    expect([...archive.files.keys()].sort()).toEqual(
      [
        "LEEME.txt",
        "imagen-de-perfil.png",
        "perfil.json",
        "inscripciones.json",
        "clases.json",
        "invitaciones-a-clases.json",
        "equipos-docentes.json",
        "evaluaciones.json",
        "notas.json",
        "tareas.json",
        "fechas-limite.json",
        `certificados/${issuedCode}.pdf`,
        "certificados.json",
        "mensajes-enviados.json",
        "mensajes-recibidos.json",
        "notificaciones.json",
        "avisos-publicados.json",
        "preguntas.json",
        "correos.json",
        "sesiones.json",
        "registro-de-actividad.json",
      ].sort(),
    );
    const readme = archive.files.get("LEEME.txt")!.toString("utf8");
    for (const name of ["perfil.json", "evaluaciones.json", "certificados/", "registro-de-actividad.json"]) {
      expect(readme).toContain(name);
    }
  });

  it("holds the person's notas of the manual columns, not another's", () => {
    expect(archive.json("notas.json")).toEqual([
      {
        curso: { id: expect.any(String), titulo: "Huertos ANA" },
        columna: "Disertación",
        nota: 6.5,
        comentario: "Muy clara.",
        actualizadaEn: expect.any(String),
      },
    ]);
  });

  it("holds the profile and consents, without the password hash", async () => {
    const row = await prisma.user.findUniqueOrThrow({ where: { id: ana.user.id } });
    const perfil = archive.json("perfil.json");
    expect(perfil.perfil).toMatchObject({
      id: ana.user.id,
      nombre: "Ana",
      apellido: "Rojas",
      correo: ana.user.correo,
      fechaNacimiento: "2000-05-10",
      rut: "12345678-5",
      rol: "estudiante",
      imagenDePerfil: "imagen-de-perfil.png",
    });
    expect(perfil.perfil).not.toHaveProperty("passwordHash");
    expect(perfil.consentimientos).toEqual({
      avisoDePrivacidad: { version: "2026-11", aceptadoEn: row.privacidadAceptadaEn!.toISOString() },
      correoConfirmado: { confirmado: true, confirmadoEn: null },
      tutor: null,
      avisosPorCorreo: false,
    });
    expect(perfil.cambiosDeCorreo).toMatchObject([{ correoNuevo: `nuevo-${ana.user.correo}`, usadoEn: null }]);
    expect(perfil.enlacesDeCuenta).toMatchObject([
      { para: "crear una nueva contraseña", creadoPorUnAdministrador: false },
    ]);
    expect(archive.files.get("imagen-de-perfil.png")!.equals(PNG_1PX)).toBe(true);
  });

  it("holds exactly the person's own rows of every kind", async () => {
    const me = ana.user.id;
    expect(archive.json("clases.json")).toEqual([
      {
        claseId: classId,
        clase: "Curso 3°B 2026",
        cursoId: expect.any(String),
        curso: expect.any(String),
        enLaClaseDesde: expect.any(String),
        comoLlegaste: "con el código de la clase",
      },
    ]);
    expect(archive.json("invitaciones-a-clases.json")).toEqual([
      {
        claseId: invitingClassId,
        clase: "Taller 2026",
        cursoId: taughtCourseId,
        curso: "Reciclaje",
        invitadaEn: expect.any(String),
        invitadaPor: "Bruno Vidal",
        rechazadaEn: expect.any(String),
      },
    ]);
    expect(archive.json("equipos-docentes.json")).toEqual([
      {
        cursoId: taughtCourseId,
        curso: "Reciclaje",
        profesorDesde: expect.any(String),
      },
    ]);
    expect(ids(archive.json("inscripciones.json"))).toEqual(
      ids(await prisma.enrolment.findMany({ where: { userId: me } })),
    );

    const attempts = archive.json("evaluaciones.json") as unknown as Array<{
      id: string;
      curso: string;
      modulo: { numero: number; titulo: string };
      respuestas: Array<{ pregunta: string; respuesta: string; correcta: boolean; puntaje: number }>;
    }>;
    expect(ids(attempts)).toEqual(ids(await prisma.quizAttempt.findMany({ where: { userId: me } })));
    expect(attempts.map((a) => a.respuestas)).toEqual([
      [{ pregunta: "¿2+2?", respuesta: "5 (ANA)", correcta: false, puntaje: 0 }],
      [{ pregunta: "¿2+2?", respuesta: "4 (ANA)", correcta: true, puntaje: 100 }],
    ]);
    expect(attempts[0]).toMatchObject({ curso: "Huertos ANA", modulo: { numero: 1, titulo: "Suelo ANA" } });

    const certificates = archive.json("certificados.json") as unknown as Array<{
      codigo: string;
      archivo: string | null;
    }>;
    expect(certificates.map((c) => [c.codigo, c.archivo]).sort()).toEqual(
      [
        [issuedCode, `certificados/${issuedCode}.pdf`],
        [revokedCode, null],
      ].sort(),
    );

    expect(ids(archive.json("mensajes-enviados.json"))).toEqual(
      ids(await prisma.message.findMany({ where: { fromId: me } })),
    );
    expect(ids(archive.json("mensajes-recibidos.json"))).toEqual(
      ids(await prisma.message.findMany({ where: { toId: me } })),
    );
    expect(archive.json("mensajes-recibidos.json")).toMatchObject([
      { de: { nombre: "Bruno", correo: bruno.user.correo }, asunto: "De BRUNO", leidoEn: null },
    ]);
    // Whether a sent message was read is the recipient's business.
    expect(archive.json("mensajes-enviados.json")).toEqual([
      expect.not.objectContaining({ leidoEn: expect.anything() }),
    ]);

    expect(archive.json("correos.json")).toEqual([
      {
        para: ana.user.correo,
        asunto: "Crea una nueva contraseña (ANA)",
        tipo: "password.reset",
        estado: "por enviar",
        creadoEn: expect.any(String),
        enviadoEn: null,
      },
    ]);
    expect(utf8(archive)).not.toContain("token-en-claro");

    // A browser session and an API token (signedIn made both), with no id.
    const sessions = archive.json("sesiones.json") as unknown as Array<Record<string, unknown>>;
    expect(sessions.map((s) => s.tipo).sort()).toEqual(["navegador", "token de la API"]);
    for (const s of sessions) expect(Object.keys(s)).not.toContain("id");

    const activity = archive.json("registro-de-actividad.json") as {
      hechasPorTi: Array<{ accion: string; ip: string | null }>;
      sobreTuCuenta: Array<Record<string, unknown>>;
    };
    expect(activity.hechasPorTi.length).toBe(await prisma.auditLog.count({ where: { actorId: me } }));
    expect(activity.hechasPorTi.map((e) => e.accion)).toEqual(
      expect.arrayContaining(["login.success", "user.data-export"]),
    );
    // Made by someone else: what and when, not who nor from where.
    expect(activity.sobreTuCuenta).toEqual([
      { accion: "user.approve", descripcion: "Cuenta aprobada", fecha: expect.any(String), detalle: null },
    ]);
  });

  it("carries each certificate's PDF byte for byte as stored", async () => {
    const row = await prisma.certificate.findUniqueOrThrow({ where: { codigo: issuedCode } });
    const stored = await readStoredBytes(row.pdfKey!);
    expect(stored).not.toBeNull();
    const inZip = archive.files.get(`certificados/${issuedCode}.pdf`)!;
    expect(inZip.subarray(0, 5).toString()).toBe("%PDF-");
    expect(inZip.equals(Buffer.from(stored!))).toBe(true);
  });

  it("never shows another person's data, a password hash or a token hash", async () => {
    const hashes = [
      ...(await prisma.user.findMany({ select: { passwordHash: true } })).map((u) => u.passwordHash),
      ...(await prisma.session.findMany({ select: { id: true } })).map((s) => s.id),
      ...(await prisma.emailChange.findMany({ select: { tokenHash: true } })).map((t) => t.tokenHash),
      ...(await prisma.accountToken.findMany({ select: { tokenHash: true } })).map((t) => t.tokenHash),
    ];
    expect(hashes.length).toBeGreaterThan(6);
    for (const text of readable(archive)) {
      for (const hash of hashes) expect(text.includes(hash)).toBe(false);
      expect(text).not.toMatch(/\$argon2/);
    }
    // Bruno wrote to Ana (his name is on her received message); nothing of his own is here.
    const text = utf8(archive);
    const brunoRows = [
      ...(await prisma.enrolment.findMany({ where: { userId: bruno.user.id } })),
      ...(await prisma.quizAttempt.findMany({ where: { userId: bruno.user.id } })),
      ...(await prisma.certificate.findMany({ where: { userId: bruno.user.id } })),
    ].map((r) => r.id);
    for (const id of [bruno.user.id, ...brunoRows]) expect(text).not.toContain(id);
    for (const own of ["Huertos BRUNO", "BRUNOAAAAAAAAAAA", "4 (BRUNO)", "5 (BRUNO)", "10.9.9.9", "(BRUNO)"]) {
      expect(text).not.toContain(own);
    }
  });

  it("answers the same through GET /api/auth/mis-datos, with a token or the session cookie", async () => {
    const response = await apiDownload({ token: ana.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const viaApi = readZip(Buffer.from(await response.arrayBuffer()));
    expect([...viaApi.files.keys()].sort()).toEqual([...archive.files.keys()].sort());
    for (const name of viaApi.files.keys()) {
      if (name === "perfil.json") {
        expect(viaApi.json(name).perfil).toEqual(archive.json(name).perfil);
      } else if (name === "registro-de-actividad.json" || name === "sesiones.json" || name === "LEEME.txt") {
        continue; // this download is one more entry; last use moves; the time is in the text
      } else {
        expect(viaApi.files.get(name)!.equals(archive.files.get(name)!), name).toBe(true);
      }
    }
    const byCookie = await apiDownload({ cookie: ana.cookie });
    expect(byCookie.status).toBe(200);
    expect(readZip(Buffer.from(await byCookie.arrayBuffer())).json("perfil.json").perfil).toMatchObject({
      id: ana.user.id,
    });
  });

  it("an admin gets their own data, never another person's", async () => {
    const admin = await signedIn("admin");
    const zip = readZip(Buffer.from(await (await apiDownload({ token: admin.token })).arrayBuffer()));
    expect(zip.json("perfil.json").perfil).toMatchObject({ id: admin.user.id, rol: "admin" });
    expect(zip.json("inscripciones.json")).toEqual([]);
    expect(utf8(zip)).not.toContain(ana.user.id);
  });

  it("describes every action of the audit log in Spanish, never by its key (user.import, class.message…)", async () => {
    const person = await signedIn({ nombre: "Rita" });
    const actions = Object.keys(AUDIT_ACTIONS) as AuditAction[];
    for (const action of actions) await audit(null, action, { actorId: person.user.id });
    const zip = readZip(Buffer.from(await (await apiDownload({ token: person.token })).arrayBuffer()));
    const done = (
      zip.json("registro-de-actividad.json") as { hechasPorTi: Array<{ accion: string; descripcion: string }> }
    ).hechasPorTi;
    const described = new Map(done.map((e) => [e.accion, e.descripcion]));
    for (const action of actions) {
      const text = described.get(action);
      expect(text, action).toBeTruthy();
      expect(text, action).not.toBe(action);
      expect(text, action).not.toMatch(/^[a-z]+\.[a-z_-]+$/);
      expect(text, action).toMatch(/^[A-ZÁÉÍÓÚÑ]/);
    }
  });

  it("says who authorised a child's registration", async () => {
    const child = await signedIn({ nombre: "Sofía" });
    const consentimientoEn = new Date("2026-10-01T15:00:00Z");
    await prisma.user.update({
      where: { id: child.user.id },
      data: {
        requiereTutor: true,
        tutorNombre: "Carmen Díaz",
        tutorCorreo: "carmen@test.cl",
        consentimientoEn,
        consentimientoOrigen: "tutor",
      },
    });
    const zip = readZip(Buffer.from(await (await apiDownload({ token: child.token })).arrayBuffer()));
    expect((zip.json("perfil.json").consentimientos as { tutor: unknown }).tutor).toEqual({
      nombre: "Carmen Díaz",
      correo: "carmen@test.cl",
      consentimientoEn: consentimientoEn.toISOString(),
      consentimientoDadoPor: "tu madre, padre o tutor (con el enlace del correo)",
    });
  });

  it("sends a visitor to sign in (web) or answers 401 (API)", async () => {
    const redirect = await thrown(webRoute.loader(args(getRequest("/mis-datos"))));
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/login?redirectTo=%2Fmis-datos");
    const api = await apiDownload({});
    expect(api.status).toBe(401);
    expect(((await api.json()) as { error: string }).error).toBeTruthy();
    expect((await apiDownload({ token: "no-es-un-token" })).status).toBe(401);
  });

  it(`refuses the ${BUDGETS.myDataUser.points + 1}th download within the hour: 429 with Retry-After`, async () => {
    const person = await signedIn();
    for (let i = 0; i < BUDGETS.myDataUser.points; i++) {
      const ok = i % 2 ? await webDownload(person.cookie) : await apiDownload({ token: person.token });
      expect(ok.status).toBe(200);
      await ok.body?.cancel();
    }
    const web = await webDownload(person.cookie);
    expect(web.status).toBe(429);
    expect(Number(web.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await web.text()).toBe(MY_DATA_TOO_MANY);
    const api = await apiDownload({ token: person.token });
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await api.json()).toEqual({ error: MY_DATA_TOO_MANY });
    // The budget is the account's own: someone else still downloads.
    const other = await signedIn();
    const theirs = await apiDownload({ token: other.token });
    expect(theirs.status).toBe(200);
    await theirs.body?.cancel();
  });

  it("reads a long history in batches: every row once, even rows of the same instant", async () => {
    const writer = await signedIn();
    const reader = await createUser();
    const at = new Date("2026-03-01T12:00:00Z");
    const count = 1_234;
    await prisma.message.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        fromId: writer.user.id,
        toId: reader.id,
        from: writer.user.correo,
        fromName: "Ana",
        fromRole: "estudiante",
        to: reader.correo,
        subject: `Mensaje ${i}`,
        content: "x".repeat(500),
        // Groups of 300 share their instant: batches of 200 split them.
        createdAt: new Date(at.getTime() + Math.floor(i / 300) * 1000),
      })),
    });
    const zip = readZip(Buffer.from(await (await apiDownload({ token: writer.token })).arrayBuffer()));
    const sent = zip.json("mensajes-enviados.json") as unknown as Array<{ id: string; asunto: string }>;
    expect(sent.length).toBe(count);
    expect(new Set(sent.map((m) => m.id)).size).toBe(count);
    expect(ids(sent)).toEqual(ids(await prisma.message.findMany({ where: { fromId: writer.user.id } })));
    // Oldest first.
    expect(sent[0]!.asunto).toBe("Mensaje 0");
  });
});
