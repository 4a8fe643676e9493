// 'No dead ends for learners' (docs/product.md#learner-state, #my-certificates): the signed-in
// learner's state on every card and on the course page, computed for a whole page at once; the
// certificates in 'Mis cursos' and 'Mis certificados'; leaving a finished course keeps its
// certificate; visitors (and so the anonymous page cache) never get anyone's state.
import { describe, expect, it } from "vitest";
import { finishCourse } from "~/features/certificates/certificates.server.ts";
import { learnerStates } from "~/features/learning/learner-state.server.ts";
import { unenrol } from "~/features/enrolment/enrolment.server.ts";
import { UNENROL_KEEPS_CERTIFICATE } from "~/features/enrolment/texts.ts";
import { prisma } from "~/lib/db.server.ts";
import { pageCacheKey } from "~/lib/page-cache.server.ts";
import * as homeRoute from "~/routes/home.tsx";
import * as listRoute from "~/routes/courses/list.tsx";
import * as audienceRoute from "~/routes/courses/audience.tsx";
import * as detailRoute from "~/routes/courses/detail.tsx";
import * as myCertificatesRoute from "~/routes/user/certificates.tsx";
import * as myCoursesRoute from "~/routes/user/courses.tsx";
import { args, createAttempt, createCourse, getRequest, quizModules, signedIn, withModules } from "../factories.ts";

let n = 0;
const quizCourse = (count = 1, titulo = `Curso de estado ${++n} ${Date.now()}`) =>
  createCourse({ titulo, duracionHoras: 8, modulos: quizModules(count) }, withModules);
type Course = Awaited<ReturnType<typeof quizCourse>>;

async function enrolAndPass(user: { id: string; rol: "estudiante" | null }, course: Course, passed: number) {
  await prisma.enrolment.create({ data: { userId: user.id, cursoId: course.id } });
  for (const m of course.modulos.slice(0, passed)) await createAttempt(user.id, m);
}

async function finished(user: { id: string; rol: "estudiante" | null }, course: Course) {
  await enrolAndPass(user, course, course.modulos.length);
  const outcome = await finishCourse(user, course.id);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.codigo;
}

describe("learner state on the cards", () => {
  it("is computed for the listed courses: enrolled with progress, finished with the certificate", async () => {
    const { user, cookie } = await signedIn("estudiante");
    const viewer = { id: user.id, rol: "estudiante" as const };
    const [started, done, untouched] = [await quizCourse(3), await quizCourse(1), await quizCourse(1)];
    await enrolAndPass(viewer, started, 2);
    await prisma.enrolment.updateMany({ where: { userId: user.id, cursoId: started.id }, data: { progreso: 67 } });
    const codigo = await finished(viewer, done);

    const states = await learnerStates(viewer, [started.id, done.id, untouched.id]);
    expect(states).toEqual({
      [started.id]: { estado: "inscrito", progreso: 67 },
      [done.id]: { estado: "finalizado", certificado: { codigo, pdfUrl: `/certificados/${codigo}/pdf` } },
    });

    // The list page carries them for its cards (newest courses first: these three are on page 1).
    const page = (await listRoute.loader(args(getRequest("/cursos", cookie)))) as {
      learner: Record<string, unknown>;
    };
    expect(page.learner[started.id]).toEqual({ estado: "inscrito", progreso: 67 });
    expect(page.learner[done.id]).toMatchObject({ estado: "finalizado" });
    expect(page.learner[untouched.id]).toBeUndefined();
    const home = await homeRoute.loader(args(getRequest("/", cookie)));
    expect(Object.keys(home.learner).every((id) => home.featured.some((c) => c.id === id))).toBe(true);
  });

  it("is empty for visitors, whose pages alone the anonymous cache keeps", async () => {
    const { cookie } = await signedIn("estudiante");
    expect(await learnerStates(null, ["x"])).toEqual({});
    const page = (await listRoute.loader(args(getRequest("/cursos")))) as { learner: object };
    expect(page.learner).toEqual({});
    expect(pageCacheKey(getRequest("/cursos"))).toBe("/cursos");
    expect(pageCacheKey(getRequest("/cursos", cookie))).toBeNull();
  });
});

describe("what an estudiante may take comes first", () => {
  it("/cursos is their list; ?todos=1 the whole catalog, another audience's course saying why, with no button", async () => {
    const { cookie } = await signedIn("estudiante");
    const make = (dirigidoA: string) => createCourse({ titulo: `Para ${dirigidoA} ${++n}`, dirigidoA });
    const [mine, everyone, teachers] = [await make("estudiante"), await make("general"), await make("docente")];
    type Page = { courses: Array<{ id: string }>; learner: Record<string, unknown>; own: unknown };
    const list = async (url: string) => (await listRoute.loader(args(getRequest(url, cookie)))) as Page;
    const ids = (page: Page) => page.courses.map((c) => c.id);

    const own = await list("/cursos");
    expect(own.own).toEqual({ tipo: "estudiante", todos: false });
    expect(ids(own)).toEqual(expect.arrayContaining([mine.id, everyone.id]));
    expect(ids(own)).not.toContain(teachers.id);
    expect(Object.values(own.learner).some((s) => (s as { estado: string }).estado === "otro-publico")).toBe(false);

    const all = await list("/cursos?todos=1");
    expect(all.own).toEqual({ tipo: "estudiante", todos: true });
    expect(ids(all)).toEqual(expect.arrayContaining([mine.id, everyone.id, teachers.id]));
    expect(all.learner[teachers.id]).toEqual({
      estado: "otro-publico",
      para: "Para docentes",
      motivo: "Este curso está dirigido únicamente a usuarios con rol de docente",
    });
    expect(all.learner[mine.id]).toBeUndefined();
    // The audience pages say it too; a docente's /cursos is the whole catalog, every course open to them.
    const audience = (await audienceRoute.loader(
      args(getRequest("/cursos/docente", cookie), { tipo: "docente" }),
    )) as unknown as Page;
    expect(audience.learner[teachers.id]).toMatchObject({ estado: "otro-publico" });
    const teacher = await signedIn("docente");
    const theirs = (await listRoute.loader(args(getRequest("/cursos", teacher.cookie)))) as Page;
    expect(theirs.own).toBeNull();
    expect(ids(theirs)).toContain(teachers.id);
    expect(theirs.learner).toEqual({});
  });
});

describe("the course page", () => {
  it("shows the progress rounded by the one rule (2 of 3 is 67) and the certificate once issued", async () => {
    const { user, cookie } = await signedIn("estudiante");
    const viewer = { id: user.id, rol: "estudiante" as const };
    const course = await quizCourse(3);
    await enrolAndPass(viewer, course, 2);
    const data = (await detailRoute.loader(
      args(getRequest(`/cursos/${course.id}`, cookie), { cursoId: course.id }),
    )) as {
      course: { progreso: number; evaluaciones: object };
      certificate: unknown;
    };
    expect(data.course.progreso).toBe(67);
    expect(data.course.evaluaciones).toEqual({ total: 3, aprobadas: 2 });
    expect(data.certificate).toBeNull();
  });
});

describe("finished courses in the user panel", () => {
  it("'Mis cursos' links the certificate; leaving the course keeps it (and says so)", async () => {
    const { user, cookie } = await signedIn("estudiante");
    const viewer = { id: user.id, rol: "estudiante" as const };
    const course = await quizCourse(1);
    const codigo = await finished(viewer, course);

    const list = await myCoursesRoute.loader(args(getRequest(`/user/courses?eliminar=${course.id}`, cookie)));
    expect(list.courses[0]).toMatchObject({ id: course.id, certificado: { codigo } });
    expect(list.toRemove).toMatchObject({ id: course.id, certificado: { codigo } });
    expect(UNENROL_KEEPS_CERTIFICATE).toContain("Tu certificado se conserva");

    expect(await unenrol(user.id, course.id)).toBe(true);
    expect(await prisma.certificate.count({ where: { codigo } })).toBe(1);
    expect(await learnerStates(viewer, [course.id])).toMatchObject({ [course.id]: { estado: "finalizado" } });
  });

  it("'Mis certificados' lists them as frozen at issue, 20 a page", async () => {
    const { user, cookie } = await signedIn("estudiante");
    const viewer = { id: user.id, rol: "estudiante" as const };
    const courses = [];
    for (let i = 0; i < 21; i++) courses.push(await quizCourse(1));
    for (const c of courses) await finished(viewer, c);
    await prisma.course.update({ where: { id: courses[20]!.id }, data: { titulo: "Título cambiado después" } });

    const first = await myCertificatesRoute.loader(args(getRequest("/user/certificates", cookie)));
    expect(first.total).toBe(21);
    expect(first.pageCount).toBe(2);
    expect(first.certificates).toHaveLength(20);
    const newest = first.certificates[0]!;
    expect(newest.tituloCurso).toBe(courses[20]!.titulo);
    expect(newest).toMatchObject({
      duracionHoras: 8,
      verificacionPath: `/certificados/${newest.codigo}`,
      pdfPath: `/certificados/${newest.codigo}/pdf`,
    });
    expect(newest.verificacionUrl).toMatch(new RegExp(`^https?://.+/certificados/${newest.codigo}$`));
    const second = await myCertificatesRoute.loader(args(getRequest("/user/certificates?page=2", cookie)));
    expect(second.certificates).toHaveLength(1);
  });
});
