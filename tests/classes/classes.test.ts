// Classes of a course (docs/product.md#classes, docs/decisions/022-classes-and-their-code.md): the
// teacher's pages and calls (create, rename, a new code, delete, the learners), joining with the
// code (enrolment and membership in one transaction, the rate limit), the team rule, the audit.
import { beforeAll, describe, expect, it } from "vitest";
import { joinClass, listClasses } from "~/features/classes/classes.server.ts";
import { formatClassCode } from "~/features/classes/codes.ts";
import { findClass, requireApiClassManager } from "~/features/classes/guards.server.ts";
import {
  CLASS_NAME_TAKEN,
  CLASS_NOT_FOUND,
  JOIN_CODE_MALFORMED,
  JOIN_CODE_UNKNOWN,
  JOIN_COURSE_NOT_OPEN,
  JOIN_TOO_MANY,
} from "~/features/classes/texts.ts";
import { courseTitleFields } from "~/features/courses/title-search.ts";
import { unenrol } from "~/features/enrolment/enrolment.server.ts";
import { enrolWrongAudience } from "~/features/enrolment/rules.ts";
import { BUDGETS } from "~/features/limits/rate-limits.server.ts";
import { prisma } from "~/lib/db.server.ts";
import * as joinApi from "~/routes/api/clases.unirse.ts";
import * as classesApi from "~/routes/api/cursos.clases.ts";
import * as classPage from "~/routes/classes/class.tsx";
import * as listPage from "~/routes/classes/list.tsx";
import * as docenteHome from "~/routes/docente/index.tsx";
import * as userHome from "~/routes/user/index.tsx";
import {
  args,
  createUser,
  dataOf,
  formRequest,
  getRequest,
  jsonRequest,
  readJson,
  signedIn,
  thrown,
} from "../factories.ts";

async function newCourse(titulo: string, over: { estado?: string; dirigidoA?: string } = {}) {
  return prisma.course.create({
    data: {
      ...courseTitleFields(titulo),
      herramientas: [],
      loAprenderan: [],
      estado: over.estado ?? "publicado",
      dirigidoA: over.dirigidoA ?? "general",
    },
  });
}

type JoinReply = { join?: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } };
type Signed = Awaited<ReturnType<typeof signedIn>>;
let courseA: { id: string };
let courseB: { id: string };
let teacher: Signed;
let otherDocente: Signed;
let student: Signed;
let admin: Signed;

beforeAll(async () => {
  [courseA, courseB] = [await newCourse("Huerta escolar"), await newCourse("Compostaje")];
  [teacher, otherDocente, student, admin] = [
    await signedIn("docente"),
    await signedIn("docente"),
    await signedIn("estudiante"),
    await signedIn("admin"),
  ];
  await prisma.courseTeacher.create({ data: { cursoId: courseA.id, userId: teacher.user.id } });
});

const listPath = (cursoId: string) => `/docente/cursos/${cursoId}/clases`;
const classPath = (cursoId: string, claseId: string) => `/docente/cursos/${cursoId}/clases/${claseId}`;

/** 'Nueva clase' as the teacher's browser sends it. */
async function createByPage(nombre: string, who: Signed = teacher, cursoId = courseA.id) {
  return listPage.action(args(formRequest(listPath(cursoId), { nombre }, { cookie: who.cookie }), { cursoId }));
}

async function classNamed(nombre: string, cursoId = courseA.id) {
  return prisma.courseClass.findUniqueOrThrow({ where: { cursoId_nombre: { cursoId, nombre } } });
}

/** 'Unirme a una clase' on /user, as the learner's browser sends it. */
function joinByPage(who: Signed, codigo: string) {
  return userHome.action(args(formRequest("/user?index", { intent: "join-class", codigo }, { cookie: who.cookie })));
}

describe("the teacher's pages", () => {
  it("'Nueva clase' creates a class with a fresh code and lands on its page; the name is unique in the course", async () => {
    const created = (await createByPage("  Curso 3°B 2026  ")) as Response;
    expect(created.status).toBe(302);
    const clase = await classNamed("Curso 3°B 2026");
    expect(created.headers.get("Location")).toBe(classPath(courseA.id, clase.id));
    expect(clase.codigo).toMatch(/^[A-Z2-9]{8}$/);
    expect(clase.createdById).toBe(teacher.user.id);

    const again = dataOf(await createByPage("Curso 3°B 2026"));
    expect(again.status).toBe(409);
    expect(again.data.result?.error?.nombre).toEqual([CLASS_NAME_TAKEN]);
    expect(again.data.result?.initialValue?.nombre).toBe("Curso 3°B 2026");

    const empty = dataOf(await createByPage("   "));
    expect(empty.status).toBe(400);
    expect(empty.data.result?.error?.nombre?.length).toBe(1);
    expect(dataOf(await createByPage("x".repeat(81))).status).toBe(400);

    // The same name in another course is another class.
    const other = (await createByPage("Curso 3°B 2026", admin, courseB.id)) as Response;
    expect(other.status).toBe(302);
    expect(other.headers.get("Location")).toMatch(new RegExp(`^/docente/cursos/${courseB.id}/clases/`));
  });

  it("lists the course's classes with their codes and member counts in a constant number of queries", async () => {
    await createByPage("Curso 3°A 2026");
    const data = await listPage.loader(args(getRequest(listPath(courseA.id), teacher.cookie), { cursoId: courseA.id }));
    expect(data.clases.map((c) => c.nombre)).toEqual(["Curso 3°A 2026", "Curso 3°B 2026"]);
    const b = await classNamed("Curso 3°B 2026");
    expect(data.clases[1]!.codigo).toBe(formatClassCode(b.codigo));
    expect(data.clases[1]!.estudiantes).toBe(0);
  });

  it("renames, makes a new code, and refuses a name another class has", async () => {
    const clase = await classNamed("Curso 3°A 2026");
    const post = (fields: Record<string, string>) =>
      classPage.action(
        args(formRequest(classPath(courseA.id, clase.id), fields, { cookie: teacher.cookie }), {
          cursoId: courseA.id,
          claseId: clase.id,
        }),
      );
    const taken = dataOf(await post({ intent: "rename", nombre: "Curso 3°B 2026" }));
    expect(taken.status).toBe(409);
    expect(taken.data.result?.error?.nombre).toEqual([CLASS_NAME_TAKEN]);
    expect(((await post({ intent: "rename", nombre: "Curso 3°A (tarde)" })) as Response).status).toBe(302);
    expect((await prisma.courseClass.findUniqueOrThrow({ where: { id: clase.id } })).nombre).toBe("Curso 3°A (tarde)");

    expect(((await post({ intent: "reset-code" })) as Response).status).toBe(302);
    const after = await prisma.courseClass.findUniqueOrThrow({ where: { id: clase.id } });
    expect(after.codigo).not.toBe(clase.codigo);
    // The old code no longer works.
    const old = await joinClass(student.user, clase.codigo, null);
    expect(old.ok).toBe(false);
    expect(!old.ok && old.message).toBe(JOIN_CODE_UNKNOWN);

    const actions = await prisma.auditLog.findMany({
      where: { targetId: clase.id, actorId: teacher.user.id },
      select: { action: true },
    });
    expect(actions.map((a) => a.action).sort()).toEqual(["class.code-reset", "class.create", "class.rename"]);
  });

  it("the team rule: a docente off the team 404, other roles home; a class of another course 404", async () => {
    const clase = await classNamed("Curso 3°B 2026");
    const load = (path: string, params: Record<string, string>, cookie: string, loader = classPage.loader) =>
      thrown(Promise.resolve(loader(args(getRequest(path, cookie), params) as never)));
    const params = { cursoId: courseA.id, claseId: clase.id };
    expect((await load(classPath(courseA.id, clase.id), params, otherDocente.cookie)).status).toBe(404);
    expect((await load(listPath(courseA.id), params, otherDocente.cookie, listPage.loader as never)).status).toBe(404);
    expect((await load(classPath(courseA.id, clase.id), params, student.cookie)).headers.get("Location")).toBe("/");
    // The teacher's class id under course B; any admin opens the class.
    const foreign = await classNamed("Curso 3°B 2026", courseB.id);
    const crossed = await load(
      classPath(courseA.id, foreign.id),
      { cursoId: courseA.id, claseId: foreign.id },
      teacher.cookie,
    );
    expect(crossed.status).toBe(404);
    expect(await crossed.text()).toBe(CLASS_NOT_FOUND);
    const own = await classPage.loader(args(getRequest(classPath(courseA.id, clase.id), admin.cookie), params));
    expect(own.clase.id).toBe(clase.id);
    // A docente off the team cannot post either.
    const refused = await thrown(
      Promise.resolve(
        classPage.action(
          args(
            formRequest(classPath(courseA.id, clase.id), { intent: "reset-code" }, { cookie: otherDocente.cookie }),
            params,
          ),
        ),
      ),
    );
    expect(refused.status).toBe(404);
  });
});

describe("joining with the code", () => {
  it("enrols and joins in one go, lands on the course; a second time is said kindly; the teacher sees the learner", async () => {
    const clase = await classNamed("Curso 3°B 2026");
    const learner = await signedIn("estudiante");
    const typed = formatClassCode(clase.codigo).toLowerCase().replace("-", " - ");
    const joined = (await joinByPage(learner, typed)) as Response;
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Location")).toBe(`/cursos/${courseA.id}`);
    expect(await prisma.enrolment.count({ where: { userId: learner.user.id, cursoId: courseA.id } })).toBe(1);
    expect((await prisma.course.findUniqueOrThrow({ where: { id: courseA.id } })).cantidadParticipantes).toBe(1);
    const member = await prisma.classMember.findUniqueOrThrow({
      where: { claseId_userId: { claseId: clase.id, userId: learner.user.id } },
    });
    expect(member.addedById).toBeNull();

    const again = dataOf<JoinReply>(await joinByPage(learner, clase.codigo));
    expect(again.status).toBe(409);
    expect(again.data.join?.error?.codigo?.[0]).toMatch(/^Ya eres parte de la clase «Curso 3°B 2026»/);

    const page = await classPage.loader(
      args(getRequest(classPath(courseA.id, clase.id), teacher.cookie), { cursoId: courseA.id, claseId: clase.id }),
    );
    expect(page.members.map((m) => m.userId)).toEqual([learner.user.id]);
    expect(page.members[0]!.agregadoPor).toBeNull();
    expect(page.clase.estudiantes).toBe(1);
    const audited = await prisma.auditLog.findFirst({ where: { action: "class.join", actorId: learner.user.id } });
    expect(audited?.targetId).toBe(clase.id);
  });

  it("an enrolled learner keeps their one enrolment; a docente joins from /docente", async () => {
    const clase = await classNamed("Curso 3°A (tarde)");
    const learner = await signedIn("estudiante");
    await prisma.enrolment.create({ data: { userId: learner.user.id, cursoId: courseA.id } });
    const outcome = await joinClass(learner.user, clase.codigo, null);
    expect(outcome.ok && outcome.inscripcionNueva).toBe(false);
    expect(await prisma.enrolment.count({ where: { userId: learner.user.id, cursoId: courseA.id } })).toBe(1);

    const byDocente = (await docenteHome.action(
      args(
        formRequest("/docente?index", { intent: "join-class", codigo: clase.codigo }, { cookie: otherDocente.cookie }),
      ),
    )) as Response;
    expect(byDocente.headers.get("Location")).toBe(`/cursos/${courseA.id}`);
  });

  it("unknown and malformed codes come back beside the field with what was typed", async () => {
    const unknown = dataOf<JoinReply>(await joinByPage(student, "ABCD-EFGH"));
    expect(unknown.status).toBe(404);
    expect(unknown.data.join?.error?.codigo).toEqual([JOIN_CODE_UNKNOWN]);
    expect(unknown.data.join?.initialValue?.codigo).toBe("ABCD-EFGH");
    const malformed = dataOf<JoinReply>(await joinByPage(student, "K7MD-4QX0"));
    expect(malformed.status).toBe(400);
    expect(malformed.data.join?.error?.codigo).toEqual([JOIN_CODE_MALFORMED]);
    expect(dataOf<JoinReply>(await joinByPage(student, "")).status).toBe(400);
  });

  it("a draft course's class cannot be joined; the course's audience rule applies", async () => {
    const draft = await newCourse("Borrador con clase", { estado: "borrador" });
    const forDocentes = await newCourse("Solo docentes", { dirigidoA: "docente" });
    const [inDraft, inDocentes] = await Promise.all([
      prisma.courseClass.create({ data: { cursoId: draft.id, nombre: "A", codigo: "BBBBCCCC" } }),
      prisma.courseClass.create({ data: { cursoId: forDocentes.id, nombre: "A", codigo: "CCCCDDDD" } }),
    ]);
    const closed = await joinClass(student.user, inDraft.codigo, null);
    expect(!closed.ok && [closed.status, closed.message]).toEqual([409, JOIN_COURSE_NOT_OPEN]);
    const audience = await joinClass(student.user, inDocentes.codigo, null);
    expect(!audience.ok && [audience.status, audience.message]).toEqual([403, enrolWrongAudience("docente")]);
    expect(await prisma.enrolment.count({ where: { userId: student.user.id } })).toBe(0);
  });

  it("wrong codes are counted per account: after the budget even a right code waits (429)", async () => {
    const guesser = await signedIn("estudiante");
    const clase = await classNamed("Curso 3°B 2026");
    for (let i = 0; i < BUDGETS.classCodeUser.points; i++) {
      const wrong = await joinClass(guesser.user, "ZZZZ-ZZZ" + "23456789"[i % 8], null);
      expect(!wrong.ok && wrong.status).toBe(404);
    }
    const blocked = await joinApi.action(
      args(jsonRequest("/api/clases/unirse", { codigo: clase.codigo }, { token: guesser.token })),
    );
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await readJson(blocked)).error).toBe(JOIN_TOO_MANY);
    // Another account is not affected; right codes do not use the budget.
    const fine = await signedIn("estudiante");
    for (let i = 0; i < BUDGETS.classCodeUser.points + 2; i++) {
      const outcome = await joinClass(fine.user, clase.codigo, null);
      expect(outcome.ok || outcome.status === 409).toBe(true);
    }
  });
});

describe("the learners and the class's end", () => {
  it("'Quitar de la clase' keeps the enrolment; leaving the course leaves the class (cascade); deleting keeps enrolments", async () => {
    const clase = await classNamed("Curso 3°B 2026");
    const a = await signedIn("estudiante");
    const b = await signedIn("estudiante");
    for (const who of [a, b]) expect((await joinClass(who.user, clase.codigo, null)).ok).toBe(true);
    const params = { cursoId: courseA.id, claseId: clase.id };
    const removed = (await classPage.action(
      args(
        formRequest(
          classPath(courseA.id, clase.id),
          { intent: "remove-member", userId: a.user.id },
          { cookie: teacher.cookie },
        ),
        params,
      ),
    )) as Response;
    expect(removed.status).toBe(302);
    expect(await prisma.classMember.count({ where: { claseId: clase.id, userId: a.user.id } })).toBe(0);
    expect(await prisma.enrolment.count({ where: { userId: a.user.id, cursoId: courseA.id } })).toBe(1);
    const audit = await prisma.auditLog.findFirst({ where: { action: "class.member-remove", targetId: a.user.id } });
    expect(audit?.actorId).toBe(teacher.user.id);

    await unenrol(b.user.id, courseA.id);
    expect(await prisma.classMember.count({ where: { claseId: clase.id, userId: b.user.id } })).toBe(0);

    const c = await signedIn("estudiante");
    expect((await joinClass(c.user, clase.codigo, null)).ok).toBe(true);
    const deleted = (await classPage.action(
      args(
        formRequest(
          classPath(courseA.id, clase.id),
          { intent: "delete", claseId: clase.id },
          { cookie: teacher.cookie },
        ),
        params,
      ),
    )) as Response;
    expect(deleted.headers.get("Location")).toBe(listPath(courseA.id));
    expect(await prisma.courseClass.count({ where: { id: clase.id } })).toBe(0);
    expect(await prisma.enrolment.count({ where: { userId: c.user.id, cursoId: courseA.id } })).toBe(1);
    expect(await prisma.auditLog.count({ where: { action: "class.delete", targetId: courseA.id } })).toBe(1);
  });

  it("pages the learners 50 at a time by their account, forwards and back", async () => {
    const clase = await classNamed("Curso 3°A (tarde)");
    const users = await Promise.all(
      Array.from({ length: 55 }, (_, i) => createUser({ nombre: `N${i}`, apellido: "P" })),
    );
    await prisma.enrolment.createMany({ data: users.map((u) => ({ userId: u.id, cursoId: courseA.id })) });
    await prisma.classMember.createMany({
      data: users.map((u) => ({ claseId: clase.id, cursoId: courseA.id, userId: u.id, addedById: teacher.user.id })),
    });
    const params = { cursoId: courseA.id, claseId: clase.id };
    const read = (query = "") =>
      classPage.loader(args(getRequest(`${classPath(courseA.id, clase.id)}${query}`, teacher.cookie), params));
    const first = await read();
    expect(first.members).toHaveLength(50);
    expect(first.pageCount).toBe(2);
    expect(first.cursors.prev).toBeNull();
    const second = await read(`?page=2&desde=${first.cursors.next}`);
    expect(second.page).toBe(2);
    expect(second.members.length).toBeGreaterThanOrEqual(5);
    expect(second.cursors.next).toBeNull();
    const back = await read(`?page=1&antes=${second.cursors.prev}`);
    expect(back.members.map((m) => m.userId)).toEqual(first.members.map((m) => m.userId));
    expect(first.members.find((m) => m.agregadoPor !== null)?.agregadoPor).toBe(
      `${teacher.user.nombre} ${teacher.user.apellido}`,
    );
  });
});

describe("the API", () => {
  const get = (path: string, token: string) => jsonRequest(path, undefined, { method: "GET", token });

  it("GET/POST /api/cursos/{cursoId}/clases: the team reads and creates; 403 off the team; 404 for an unknown course", async () => {
    const path = `/api/cursos/${courseA.id}/clases`;
    const created = await classesApi.action(
      args(jsonRequest(path, { nombre: "Curso 4°A 2026" }, { token: teacher.token }), { cursoId: courseA.id }),
    );
    expect(created.status).toBe(201);
    const body = await readJson(created);
    expect(body).toMatchObject({ cursoId: courseA.id, nombre: "Curso 4°A 2026", estudiantes: 0 });
    expect(body.codigo).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    const twice = await classesApi.action(
      args(jsonRequest(path, { nombre: "Curso 4°A 2026" }, { token: teacher.token }), { cursoId: courseA.id }),
    );
    expect(twice.status).toBe(409);
    expect((await readJson(twice)).error).toBe(CLASS_NAME_TAKEN);
    const bad = await classesApi.action(
      args(jsonRequest(path, { nombre: 7 }, { token: teacher.token }), { cursoId: courseA.id }),
    );
    expect(bad.status).toBe(400);

    const list = await classesApi.loader(args(get(path, teacher.token), { cursoId: courseA.id }));
    expect(list.status).toBe(200);
    expect(list.headers.get("X-Total-Count")).toBe(String((await listClasses(courseA.id))!.total));
    const listed = (await readJson(list)) as { clases: Array<{ nombre: string }> };
    expect(listed.clases.map((c) => c.nombre)).toContain("Curso 4°A 2026");

    for (const who of [otherDocente, student]) {
      expect((await classesApi.loader(args(get(path, who.token), { cursoId: courseA.id }))).status).toBe(403);
      const post = await classesApi.action(
        args(jsonRequest(path, { nombre: "Intrusa" }, { token: who.token }), { cursoId: courseA.id }),
      );
      expect(post.status).toBe(403);
    }
    const anonymous = await classesApi.loader(args(getRequest(path), { cursoId: courseA.id }));
    expect(anonymous.status).toBe(401);
    // The shared guard of a class's calls: the course's team, then a class of that very course.
    const own = await classNamed("Curso 4°A 2026");
    const foreign = await classNamed("Curso 3°B 2026", courseB.id);
    expect(await findClass(courseA.id, foreign.id)).toBeNull();
    expect((await findClass(courseA.id, own.id))?.nombre).toBe("Curso 4°A 2026");
    const guard = (token: string, claseId: string) =>
      requireApiClassManager(args(get(`${path}/${claseId}`, token)), courseA.id, claseId).then(
        () => 200,
        (error: { status: number }) => error.status,
      );
    expect(await guard(teacher.token, own.id)).toBe(200);
    expect(await guard(teacher.token, foreign.id)).toBe(404);
    expect(await guard(otherDocente.token, own.id)).toBe(403);
    const unknown = await classesApi.loader(
      args(get("/api/cursos/no-existe/clases", admin.token), { cursoId: "no-existe" }),
    );
    expect(unknown.status).toBe(404);
  });

  it("POST /api/clases/unirse: 201 with the class and course, 404 unknown, 400 malformed, 409 already", async () => {
    const clase = await classNamed("Curso 4°A 2026");
    const learner = await signedIn("estudiante");
    const send = (codigo: unknown) =>
      joinApi.action(args(jsonRequest("/api/clases/unirse", { codigo }, { token: learner.token })));
    const joined = await send(formatClassCode(clase.codigo));
    expect(joined.status).toBe(201);
    expect(await readJson(joined)).toEqual({
      message: "Te uniste a la clase «Curso 4°A 2026» del curso «Huerta escolar».",
      clase: { id: clase.id, nombre: "Curso 4°A 2026" },
      curso: { id: courseA.id, titulo: "Huerta escolar" },
      inscripcionNueva: true,
    });
    expect((await send(clase.codigo)).status).toBe(409);
    expect((await send("QQQQ-QQQQ")).status).toBe(404);
    expect((await send("nada")).status).toBe(400);
    expect((await send(12)).status).toBe(400);
    const anonymous = await joinApi.action(args(jsonRequest("/api/clases/unirse", { codigo: clase.codigo })));
    expect(anonymous.status).toBe(401);
  });
});
