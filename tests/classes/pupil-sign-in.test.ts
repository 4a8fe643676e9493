// Pupils who can sign in, on the real database (docs/product.md#sign-in-cards,
// docs/decisions/040-pupils-who-can-sign-in.md): a usuario for every account made without e-mail,
// sign-in with 'Correo o usuario', the cards' per-pupil tokens (only their pupil, never a docente or
// an admin, revocable one by one, limited like sign-in), a new password or card for one pupil, and
// no page or answer that shows a 'sin-correo.invalid' address.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { isUsuario, usuarioCandidate } from "~/features/accounts/usuario.ts";
import { proposeUsuarios } from "~/features/accounts/usuario.server.ts";
import { cardTokens, renewCard } from "~/features/accounts/sign-in-card.server.ts";
import { hashToken } from "~/features/accounts/account-token.server.ts";
import { getSessionUser } from "~/features/accounts/session.server.ts";
import { newClassCode } from "~/features/classes/codes.ts";
import type { ClassRow } from "~/features/classes/guards.server.ts";
import { classListFingerprint, confirmClassImport } from "~/features/classes/import.server.ts";
import { classCards } from "~/features/classes/pupils.server.ts";
import { PUPIL_OWN_ACCOUNT } from "~/features/classes/texts.ts";
import { parseList } from "~/features/accounts/import/parse-list.ts";
import { BUDGETS } from "~/features/limits/rate-limits.server.ts";
import { prisma } from "~/lib/db.server.ts";
import * as cardRoute from "~/routes/auth/card-sign-in.tsx";
import * as claveApi from "~/routes/api/clases.estudiante-clave.ts";
import * as tarjetaApi from "~/routes/api/clases.estudiante-tarjeta.ts";
import * as classPage from "~/routes/classes/class.tsx";
import { apiSignIn, formSignIn, openForm } from "../sign-in.ts";
import {
  args,
  cookieFrom,
  createCourse,
  createUser,
  dataOf,
  formRequest,
  getRequest,
  jsonRequest,
  readJson,
  sessionCookie,
  signedIn,
  TEST_PASSWORD,
} from "../factories.ts";

type Signed = Awaited<ReturnType<typeof signedIn>>;
let teacher: Signed;
let course: { id: string };
let n = 0;

beforeAll(async () => {
  course = await createCourse({ titulo: "Ciencias Naturales" });
  teacher = await signedIn("docente");
  await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.user.id } });
});

async function newClass(): Promise<ClassRow> {
  return prisma.courseClass.create({
    data: { cursoId: course.id, nombre: `4°B ${++n}`, codigo: newClassCode(), createdById: teacher.user.id },
    select: { id: true, cursoId: true, nombre: true, codigo: true, createdAt: true },
  });
}

/** A class with its list imported (rows 'correo;nombre;apellido'); returns the class and its new accounts by name. */
async function importedClass(text: string) {
  const clase = await newClass();
  const parsed = parseList(text, { emailOptional: true });
  if (!parsed.ok) throw new Error(parsed.error);
  const options = { autorizacionColegio: true };
  const huella = classListFingerprint(clase.id, text, options);
  const done = await confirmClassImport(teacher.user, clase, parsed.rows, text, { ...options, huella }, null);
  if (!done.ok) throw new Error(done.message);
  const users = await prisma.user.findMany({ where: { creadoParaClaseId: clase.id } });
  return { clase, byName: (nombre: string) => users.find((u) => u.nombre === nombre)! };
}

/** Follows a card's link as a browser: the page (GET), then its button (POST); the session's user, if any. */
async function followCard(token: string, init: { cookie?: string; ip?: string } = {}) {
  const page = getRequest(`/entrar/${token}`, init.cookie);
  if (init.ip) page.headers.set("x-academia-client-ip", init.ip);
  const shown = dataOf<{ nombre: string | null; ok: boolean }>(await cardRoute.loader(args(page, { token }) as never));
  const answer = await cardRoute.action(args(formRequest(`/entrar/${token}`, {}, init), { token }) as never);
  if (!(answer instanceof Response)) return { shown, status: dataOf(answer).status, user: null };
  const user = await getSessionUser(getRequest("/user", cookieFrom(answer)));
  return { shown, status: answer.status, user };
}

const tokenOf = (enlace: string) => enlace.split("/entrar/")[1]!;

describe("usuario", () => {
  it("is letters, digits and dots, at most 20, and is proposed from the name, with a number on a clash", async () => {
    expect(["vicente.araya", "vicente.a2", "ana"].every(isUsuario)).toBe(true);
    expect(["Vicente", "vicente..a", ".ana", "ana.", "ana pérez", "a".repeat(21), "ana@x.cl"].some(isUsuario)).toBe(
      false,
    );
    expect(usuarioCandidate("Sofía Andrea", "Núñez Rojas", 1)).toBe("sofia.nunez");
    expect(usuarioCandidate("Maximiliano", "Valenzuela", 1)).toBe("maximiliano.valenzue");
    expect(usuarioCandidate("Maximiliano", "Valenzuela", 12)).toBe("maximiliano.valenz12");

    const taken = await createUser({ nombre: "Vicente", apellido: "Araya" });
    await prisma.user.update({ where: { id: taken.id }, data: { usuario: "vicente.araya" } });
    await createUser({ correo: "vicente.araya2@sin-correo.invalid" });
    const people = Array.from({ length: 30 }, () => ({ nombre: "Vicente", apellido: "Araya" }));
    const proposed = await proposeUsuarios(people);
    expect(proposed[0]).toBe("vicente.araya3");
    expect(new Set(proposed).size).toBe(30);
    expect(proposed.every(isUsuario)).toBe(true);
    // Unique in the database too.
    await expect(
      prisma.user.update({ where: { id: taken.id }, data: { usuario: "vicente.araya" } }),
    ).resolves.toBeTruthy();
    const other = await createUser();
    await expect(prisma.user.update({ where: { id: other.id }, data: { usuario: "vicente.araya" } })).rejects.toThrow();
  });

  it("is given by the migration to every account made without e-mail before it, with who made it", async () => {
    const clase = await newClass();
    const rows = [
      ["agustin.valenzuela.0650", "agustin.valenzu.0650"],
      ["ana.paz.1234", "ana.paz.1234"],
    ];
    const ids: string[] = [];
    for (const [old] of rows) {
      const user = await createUser({ correo: `${old}@sin-correo.invalid` });
      ids.push(user.id);
    }
    await prisma.auditLog.create({
      data: {
        action: "user.import",
        actorId: teacher.user.id,
        targetType: "user",
        targetId: ids[0],
        detail: `estudiante; lista de la clase ${clase.id}`,
      },
    });
    // The migration's data statements, as they ran on databases with such accounts.
    const sql = fs.readFileSync("prisma/migrations/20261129200100_pupil_sign_in/migration.sql", "utf8");
    const data = sql.slice(sql.indexOf("-- Data:")).replace(/^--.*$/gm, "");
    for (const statement of data.split(/;\s*$/m).filter((s) => s.trim())) await prisma.$executeRawUnsafe(statement);
    const after = await prisma.user.findMany({ where: { id: { in: ids } }, orderBy: { correo: "asc" } });
    expect(after.map((u) => [u.usuario, u.correo])).toEqual(
      rows.map(([, usuario]) => [usuario, `${usuario}@sin-correo.invalid`]),
    );
    expect(after.find((u) => u.id === ids[0])).toMatchObject({
      creadoPorId: teacher.user.id,
      creadoParaClaseId: clase.id,
    });
    expect(after.every((u) => isUsuario(u.usuario!))).toBe(true);
  });

  it("is given by the class importer to every account it makes without e-mail, which records who made it", async () => {
    const { clase, byName } = await importedClass(";Agustín;Valenzuela Pérez\nluz@colegio.cl;Luz;Con Correo");
    const pupil = byName("Agustín");
    expect(pupil.usuario).toBe("agustin.valenzuela");
    expect(pupil.correo).toBe("agustin.valenzuela@sin-correo.invalid");
    expect(pupil).toMatchObject({ creadoPorId: teacher.user.id, creadoParaClaseId: clase.id });
    expect(byName("Luz")).toMatchObject({ usuario: null, creadoPorId: teacher.user.id });
  });
});

describe("signing in with 'Correo o usuario'", () => {
  it("takes a usuario or an e-mail in the form's field, and the API's correo or usuario", async () => {
    const user = await createUser({ nombre: "Rosa" });
    await prisma.user.update({ where: { id: user.id }, data: { usuario: `rosa.${++n}` } });
    const usuario = `rosa.${n}`;
    expect((await formSignIn("10.9.0.1", usuario, TEST_PASSWORD)).status).toBe(302);
    expect((await formSignIn("10.9.0.1", usuario.toUpperCase(), TEST_PASSWORD)).status).toBe(302);
    expect((await formSignIn("10.9.0.1", user.correo, TEST_PASSWORD)).status).toBe(302);
    expect((await apiSignIn("10.9.0.2", usuario, TEST_PASSWORD)).status).toBe(200);
    const byField = await apiSignIn("10.9.0.2", "", TEST_PASSWORD);
    expect(byField.status).toBe(400);
    const { loader } = await import("~/routes/api/auth.login.ts");
    const viaUsuario = await loader(args(jsonRequest("/api/auth/login", { usuario, password: TEST_PASSWORD })));
    expect(viaUsuario.status).toBe(200);
    expect(((await readJson(viaUsuario)).user as { usuario: string }).usuario).toBe(usuario);
  });

  it("answers an unknown usuario as a wrong password, and counts both against the same limits", async () => {
    const user = await createUser();
    await prisma.user.update({ where: { id: user.id }, data: { usuario: `mara.${++n}` } });
    const wrong = await formSignIn("10.9.1.1", `mara.${n}`, "no es la clave");
    const unknown = await formSignIn("10.9.1.2", `nadie.${n}`, "no es la clave");
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(unknown.error).toBe(wrong.error);
    // The address budget is keyed by what was typed: a usuario's runs out like an address's.
    const browser = await openForm("10.9.1.3");
    for (let i = 0; i < BUDGETS.loginFailuresAccount.points - 1; i++) {
      await formSignIn(`10.9.2.${i}`, `mara.${n}`, "otra clave");
    }
    expect((await formSignIn("10.9.1.3", `mara.${n}`, TEST_PASSWORD, browser)).status).toBe(429);
  });
});

describe("Tarjetas de acceso", () => {
  it("gives a card to each pupil a teacher made, the same each time, that signs in that pupil only", async () => {
    const { clase, byName } = await importedClass(";Ana;Uno\n;Beto;Dos");
    const joined = await createUser({ nombre: "Carla" });
    await prisma.enrolment.create({ data: { userId: joined.id, cursoId: course.id } });
    await prisma.classMember.create({ data: { claseId: clase.id, cursoId: course.id, userId: joined.id } });

    const cards = await classCards(clase);
    // By surname, then name.
    expect(cards.map((c) => [c.nombre, c.usuario])).toEqual([
      ["Beto Dos", "beto.dos"],
      ["Ana Uno", "ana.uno"],
    ]);
    expect(cards[0]!.qr).toMatch(/^<svg/);
    expect((await classCards(clase)).map((c) => c.enlace)).toEqual(cards.map((c) => c.enlace));
    // Only the token's hash and its nonce are stored.
    const stored = await prisma.user.findUniqueOrThrow({ where: { id: byName("Ana").id } });
    expect(stored.tarjetaHash).toBe(hashToken(tokenOf(cards[1]!.enlace)));
    expect(JSON.stringify(stored)).not.toContain(tokenOf(cards[1]!.enlace));

    const ana = await followCard(tokenOf(cards[1]!.enlace));
    expect(ana.shown.data).toMatchObject({ nombre: "Ana Uno", ok: true });
    expect(ana.status).toBe(302);
    expect(ana.user?.id).toBe(byName("Ana").id);
    expect((await followCard(tokenOf(cards[0]!.enlace))).user?.id).toBe(byName("Beto").id);
    expect(await prisma.auditLog.count({ where: { action: "login.success", actorId: byName("Ana").id } })).toBe(1);
  });

  it("is never made nor accepted for a docente or an admin", async () => {
    const admin = await createUser({ rol: "admin" });
    expect(await renewCard(teacher.user.id)).toBeNull();
    expect((await cardTokens([admin.id, teacher.user.id])).size).toBe(0);
    // A card made while the account was a pupil's stops working when it becomes a docente's.
    const pupil = await createUser();
    const token = (await renewCard(pupil.id))!;
    await prisma.user.update({ where: { id: pupil.id }, data: { rol: "docente" } });
    const followed = await followCard(token);
    expect([followed.shown.status, followed.status, followed.user]).toEqual([404, 404, null]);
  });

  it("is limited like sign-in: a browser that tries made-up tokens is stopped", async () => {
    const cookie = await openForm("10.9.3.1");
    const made = "A".repeat(43);
    // The page and its button count alike: each visit is two failures.
    for (let i = 0; i < BUDGETS.loginFailuresDevice.points / 2; i++) {
      expect((await followCard(made, { cookie, ip: "10.9.3.1" })).status).toBe(404);
    }
    const stopped = await followCard(made, { cookie, ip: "10.9.3.1" });
    expect([stopped.shown.status, stopped.status]).toEqual([429, 429]);
  });
});

describe("one pupil at a time", () => {
  it("a new card voids that pupil's old card only and ends their sessions (page and API), audited", async () => {
    const { clase, byName } = await importedClass(";Dora;Tres\n;Elio;Cuatro");
    const [elio, dora] = await classCards(clase);
    const doraId = byName("Dora").id;
    const doraSession = await sessionCookie({ id: doraId });

    const here = `/docente/cursos/${course.id}/clases/${clase.id}`;
    const answer = (await classPage.action(
      args(formRequest(here, { intent: "pupil-card", userId: doraId }, { cookie: teacher.cookie }), {
        cursoId: course.id,
        claseId: clase.id,
      }),
    )) as Response;
    expect(answer.headers.get("Location")).toBe(`${here}/tarjetas?estudiante=${doraId}`);
    expect(await getSessionUser(getRequest("/user", doraSession))).toBeNull();
    expect((await followCard(tokenOf(dora!.enlace))).status).toBe(404);
    expect((await followCard(tokenOf(elio!.enlace))).user?.id).toBe(byName("Elio").id);
    const [again] = await classCards(clase, doraId);
    expect((await followCard(tokenOf(again!.enlace))).user?.id).toBe(doraId);

    const api = await tarjetaApi.action(
      args(jsonRequest(`/api/clases/${clase.id}/estudiantes/${doraId}/tarjeta`, {}, { token: teacher.token }), {
        claseId: clase.id,
        userId: doraId,
      }),
    );
    expect(api.status).toBe(200);
    const { enlace } = (await readJson(api)) as { enlace: string };
    expect((await followCard(tokenOf(again!.enlace))).status).toBe(404);
    expect((await followCard(tokenOf(enlace))).user?.id).toBe(doraId);
    expect(
      await prisma.auditLog.count({
        where: { action: "class.pupil-card", targetId: doraId, actorId: teacher.user.id },
      }),
    ).toBe(2);
  });

  it("a new password is shown once, signs in, ends the pupil's sessions and leaves the cards; audited", async () => {
    const { clase, byName } = await importedClass(";Fabi;Cinco\n;Gael;Seis");
    const [, gael] = await classCards(clase); // Cinco, Seis
    const fabi = byName("Fabi");
    const fabiSession = await sessionCookie({ id: fabi.id });
    const page = dataOf<{ newPassword: { userId: string; password: string } }>(
      await classPage.action(
        args(formRequest("/x", { intent: "pupil-password", userId: fabi.id }, { cookie: teacher.cookie }), {
          cursoId: course.id,
          claseId: clase.id,
        }),
      ),
    );
    const password = page.data.newPassword.password;
    expect(password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(await getSessionUser(getRequest("/user", fabiSession))).toBeNull();
    expect((await formSignIn("10.9.4.1", fabi.usuario!, password)).status).toBe(302);
    expect((await followCard(tokenOf(gael!.enlace))).user?.id).toBe(byName("Gael").id);

    const api = await claveApi.action(
      args(jsonRequest(`/api/clases/${clase.id}/estudiantes/${fabi.id}/clave`, {}, { token: teacher.token }), {
        claseId: clase.id,
        userId: fabi.id,
      }),
    );
    const other = ((await readJson(api)) as { password: string }).password;
    expect([api.status, other === password]).toEqual([200, false]);
    expect((await formSignIn("10.9.4.2", fabi.usuario!, password)).status).toBe(401);
    expect(await prisma.auditLog.count({ where: { action: "class.pupil-password", targetId: fabi.id } })).toBe(2);
  });

  it("refuses an adult who joined with the code (403), a docente, someone off the class, and callers off the team", async () => {
    const { clase } = await importedClass(";Hugo;Siete");
    const adult = await createUser({ nombre: "Adulta" });
    await prisma.enrolment.create({ data: { userId: adult.id, cursoId: course.id } });
    await prisma.classMember.create({ data: { claseId: clase.id, cursoId: course.id, userId: adult.id } });
    const call = (route: typeof claveApi | typeof tarjetaApi, userId: string, token = teacher.token) =>
      route.action(
        args(jsonRequest(`/api/clases/${clase.id}/estudiantes/${userId}/x`, {}, { token }), {
          claseId: clase.id,
          userId,
        }),
      );
    for (const route of [claveApi, tarjetaApi]) {
      const refused = await call(route, adult.id);
      expect([refused.status, (await readJson(refused)).error]).toEqual([403, PUPIL_OWN_ACCOUNT]);
      expect((await call(route, teacher.user.id)).status).toBe(404);
      const outsider = await signedIn("docente");
      const pupil = await prisma.user.findFirstOrThrow({ where: { creadoParaClaseId: clase.id } });
      expect((await call(route, pupil.id, outsider.token)).status).toBe(403);
    }
    expect(await prisma.auditLog.count({ where: { targetId: adult.id, action: { startsWith: "class.pupil" } } })).toBe(
      0,
    );
  });
});

describe("nobody sees a 'sin-correo.invalid' address", () => {
  it("not on the class, participants, grades, profile, messages, Registros, 'Descargar mis datos' nor the API", async () => {
    const { clase, byName } = await importedClass(";Inés;Ocho");
    const pupil = byName("Inés");
    expect(pupil.correo).toMatch(/@sin-correo\.invalid$/);
    const pupilCookie = await sessionCookie(pupil);
    const admin = await signedIn("admin");
    // A message each way: the teacher writes to the usuario; the pupil answers.
    const { sendMessage } = await import("~/features/messages/messages.server.ts");
    const { toSessionUser } = await import("~/features/accounts/session.server.ts");
    const sent = await sendMessage(teacher.user, { to: pupil.usuario!, subject: "Hola", content: "¿Cómo vas?" });
    expect(sent.ok).toBe(true);
    await sendMessage(toSessionUser(pupil), { to: teacher.user.correo, subject: "Re: Hola", content: "Bien" });

    const here = `/docente/cursos/${course.id}/clases/${clase.id}`;
    const params = { cursoId: course.id, claseId: clase.id };
    const load = async (module: { loader: (a: never) => unknown }, path: string, cookie: string) =>
      JSON.stringify(await module.loader(args(getRequest(path, cookie), params) as never));
    const pages = [
      await load(classPage, here, teacher.cookie),
      await load(
        await import("~/routes/docente/participants.tsx"),
        `/docente/cursos/${course.id}/participantes`,
        teacher.cookie,
      ),
      await load(
        await import("~/routes/docente/gradebook.tsx"),
        `/docente/cursos/${course.id}/calificaciones`,
        teacher.cookie,
      ),
      await load(await import("~/routes/user/profile.tsx"), "/user/profile", pupilCookie),
      await load(await import("~/routes/user/messages.tsx"), "/user/messages", pupilCookie),
      await load(await import("~/routes/user/messages.tsx"), "/user/messages", teacher.cookie),
      await load(await import("~/routes/user/messages.tsx"), "/user/messages?carpeta=enviados", teacher.cookie),
      await load(await import("~/routes/admin/records.tsx"), `/admin/records?ver=${pupil.id}`, admin.cookie),
    ];
    for (const page of pages) expect(page).not.toContain("sin-correo.invalid");
    expect(pages[0]).toContain(pupil.usuario);
    expect(pages[3]).toContain(pupil.usuario);
    expect(pages[7]).toContain(pupil.usuario);

    const usersApi = await import("~/routes/api/auth.users.ts");
    const participantsApi = await import("~/routes/api/cursos.participants.ts");
    const answers = [
      await usersApi.loader(args(jsonRequest("/api/auth/users", null, { method: "GET", token: admin.token }))),
      await participantsApi.loader(
        args(jsonRequest(`/api/cursos/${course.id}/participantes`, null, { method: "GET", token: teacher.token }), {
          cursoId: course.id,
        }),
      ),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(await answer.text()).not.toContain("sin-correo.invalid");
    }

    // 'Descargar mis datos': the whole archive, read back with unzip.
    const myData = await import("~/routes/users/my-data.ts");
    const zip = (await myData.loader(args(getRequest("/mis-datos", pupilCookie)) as never)) as Response;
    const file = path.join(os.tmpdir(), `mis-datos-${pupil.id}.zip`);
    fs.writeFileSync(file, Buffer.from(await zip.arrayBuffer()));
    const contents = execFileSync("unzip", ["-p", file]).toString();
    fs.rmSync(file);
    expect(contents).toContain(pupil.usuario);
    // Who made the account, for which class.
    expect(contents).toContain(clase.nombre);
    expect(contents).not.toContain("sin-correo.invalid");
  });
});
