// @postgresql: a learner's due dates are one raw SQL statement (dates compared as each engine stores them)
// Due dates (docs/product.md#due-dates, docs/decisions/027-due-dates-and-reminders.md):
// the date typed in Chile's time and stored as the instant, 'Atrasado' and 'Próximas fechas'
// across the edge of Chile's day and its clock changes, the calendar feed as RFC 5545 text (the
// reminders: tests/courses/due-reminders.test.ts), and the flat number of queries whatever the number of courses.
import { describe, expect, it } from "vitest";
import { logged, sqlite, statements } from "../query-log.ts";

const { prisma } = await import("~/lib/db.server.ts");
const { chileLocalToUtc, chileLocalInput } = await import("~/lib/chile-time.ts");
const { getCourseForViewer } = await import("~/features/learning/course-view.server.ts");
const { upcomingDueDates, renewCalendarToken, calendarFeed } = await import("~/features/due-dates/due-dates.server.ts");
const { buildCalendar, escapeText, foldLine } = await import("~/features/due-dates/ics.ts");
const { ModuleFieldsSchema } = await import("~/features/authoring/schema.ts");
const feedRoute = await import("~/routes/calendar-feed.ts");
const editPage = await import("~/routes/docente/course-edit.tsx");
const detailApi = await import("~/routes/api/cursos.detail.ts");
const {
  args,
  createAttempt,
  createCourse,
  createUser,
  formRequest,
  getRequest,
  multipartRequest,
  oneQuestionQuiz,
  signedIn,
  withModules,
} = await import("../factories.ts");

const DAY = 24 * 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);

/** A published course of two modules (the first with a quiz, due at `due`), and its id and modules. */
async function courseWithDue(due: Date | null, titulo = "Curso") {
  const course = await createCourse(
    {
      titulo,
      modulos: [{ titulo: "Fracciones", fechaLimite: due, preguntas: oneQuestionQuiz() }, { titulo: "Lectura" }],
    },
    withModules,
  );
  return { id: course.id, quiz: course.modulos[0]!, plain: course.modulos[1]! };
}

describe("a due date is Chile's wall clock, stored as the instant (UTC)", () => {
  it("reads summer and winter times, and the clock changes of April and September", () => {
    expect(chileLocalToUtc("2026-12-05T23:59")).toEqual(at("2026-12-06T02:59:00Z")); // -03 (summer)
    expect(chileLocalToUtc("2026-07-01T10:00")).toEqual(at("2026-07-01T14:00:00Z")); // -04 (winter)
    // 4 April 2026: 24:00 becomes 23:00, so 23:30 happens twice: the earlier instant is the date.
    expect(chileLocalToUtc("2026-04-04T23:30")).toEqual(at("2026-04-05T02:30:00Z"));
    // 6 September 2026: 00:00 becomes 01:00; 00:30 does not exist and is read as 01:30.
    expect(chileLocalToUtc("2026-09-06T00:30")).toEqual(at("2026-09-06T04:30:00Z"));
    expect(chileLocalInput(at("2026-09-06T04:30:00Z"))).toBe("2026-09-06T01:30");
    expect(chileLocalToUtc("2026-02-30T10:00")).toBe("invalid");
  });

  it("the module's form and the API take Chile's time or an instant with its zone; empty clears", () => {
    const parse = (fechaLimite: unknown) => ModuleFieldsSchema.safeParse({ titulo: "M", fechaLimite });
    expect(parse("2026-12-05T23:59").data?.fechaLimite).toEqual(at("2026-12-06T02:59:00Z"));
    expect(parse("2026-12-06T02:59:00Z").data?.fechaLimite).toEqual(at("2026-12-06T02:59:00Z"));
    expect(parse("2026-12-05T23:59:00-03:00").data?.fechaLimite).toEqual(at("2026-12-06T02:59:00Z"));
    expect(parse("").data?.fechaLimite).toBeNull();
    expect(parse(undefined).data?.fechaLimite).toBeUndefined();
    expect(parse("mañana").error?.issues[0]?.message).toMatch(/fecha y hora válidas/);
    expect(parse(5).success).toBe(false);
  });
});

describe("'Fecha límite' in the course editor (HTML, no JavaScript needed) and PUT /api/cursos/{cursoId}", () => {
  it("a teacher sets, shows and clears the date; a bad one comes back with the typed value and the error", async () => {
    const admin = await signedIn("admin");
    const { id, quiz } = await courseWithDue(null);
    const post = (fields: Record<string, string>) =>
      editPage.action(
        args(formRequest(`/docente/cursos/${id}/editar`, fields, { cookie: admin.cookie }), { cursoId: id }),
      );
    const base = { intent: "update-module", moduloId: quiz.id, titulo: "Fracciones", descripcion: "" };
    await post({ ...base, fechaLimite: "2026-12-05T23:59" });
    expect((await prisma.module.findUniqueOrThrow({ where: { id: quiz.id } })).fechaLimite).toEqual(
      at("2026-12-06T02:59:00Z"),
    );
    const page = (await editPage.loader(
      args(getRequest(`/docente/cursos/${id}/editar`, admin.cookie), { cursoId: id }),
    )) as { course: { modulos: Array<{ id: string; fechaLimite: string }> } };
    expect(page.course.modulos.find((m) => m.id === quiz.id)?.fechaLimite).toBe("2026-12-05T23:59");

    const refused = (await post({ ...base, fechaLimite: "31-31-2026" })) as {
      data: { values: Record<string, string>; errors: Record<string, string[]> };
    };
    expect(refused.data.values.fechaLimite).toBe("31-31-2026");
    expect(refused.data.errors.fechaLimite?.[0]).toMatch(/hora de Chile/);

    await post({ ...base, fechaLimite: "" });
    expect((await prisma.module.findUniqueOrThrow({ where: { id: quiz.id } })).fechaLimite).toBeNull();
  });

  it("the API sets it per module, keeps it when left out, and shows it", async () => {
    const admin = await signedIn("admin");
    const { id, quiz, plain } = await courseWithDue(null);
    // Only the modules: a PATCH (a PUT would send every field of the course too).
    const put = (modulos: unknown[]) =>
      detailApi.action(
        args(
          multipartRequest(
            `/api/cursos/${id}`,
            { modulos: JSON.stringify(modulos) },
            { token: admin.token, method: "PATCH" },
          ),
          { cursoId: id },
        ),
      );
    let response = await put([
      { id: quiz.id, titulo: "Fracciones", fechaLimite: "2026-12-05T23:59" },
      { id: plain.id, titulo: "Lectura" },
    ]);
    expect(response.status, await response.clone().text()).toBe(200);
    response = await put([
      { id: quiz.id, titulo: "Fracciones (2)" },
      { id: plain.id, titulo: "Lectura", fechaLimite: "2026-12-06T12:00:00Z" },
    ]);
    expect(response.status).toBe(200);
    const rows = await prisma.module.findMany({ where: { cursoId: id }, orderBy: { posicion: "asc" } });
    expect(rows.map((m) => m.fechaLimite)).toEqual([at("2026-12-06T02:59:00Z"), at("2026-12-06T12:00:00Z")]);
    const bad = await put([{ id: quiz.id, titulo: "Fracciones", fechaLimite: "pronto" }]);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/hora de Chile/);
    const shown = (await (
      await detailApi.loader(args(getRequest(`/api/cursos/${id}`, admin.cookie), { cursoId: id }))
    ).json()) as { modulos: Array<{ fechaLimite: string | null; atrasado: boolean }> };
    expect(shown.modulos[0]?.fechaLimite).toBe("2026-12-06T02:59:00.000Z");
  });
});

describe("'Atrasado' on the course page", () => {
  it("turns on when Chile's due time has passed without a passed quiz, across the UTC day and the April change", async () => {
    const learner = await createUser();
    // 23:59 on 5 December in Chile is already 6 December in UTC.
    const dec = await courseWithDue(at("2026-12-06T02:59:00Z"));
    await prisma.enrolment.create({ data: { userId: learner.id, cursoId: dec.id } });
    const state = async (id: string, now: string) =>
      (await getCourseForViewer(id, learner, at(now)))!.modulos.map((m) => [m.fechaLimiteTexto, m.atrasado]);
    expect(await state(dec.id, "2026-12-06T02:58:00Z")).toEqual([
      ["05-12-2026, 23:59", false],
      [null, false],
    ]);
    expect(await state(dec.id, "2026-12-06T03:00:00Z")).toEqual([
      ["05-12-2026, 23:59", true],
      [null, false],
    ]);
    // The autumn change: 23:30 on 4 April is the first of the two, 02:30 UTC.
    const april = await courseWithDue(chileLocalToUtc("2026-04-04T23:30") as Date);
    await prisma.enrolment.create({ data: { userId: learner.id, cursoId: april.id } });
    expect((await state(april.id, "2026-04-05T02:29:00Z"))[0]).toEqual(["04-04-2026, 23:30", false]);
    expect((await state(april.id, "2026-04-05T02:31:00Z"))[0]).toEqual(["04-04-2026, 23:30", true]);
    // Passed: never late. A visitor (not enrolled) is never late either.
    await createAttempt(learner.id, dec.quiz);
    expect((await state(dec.id, "2026-12-07T00:00:00Z"))[0]).toEqual(["05-12-2026, 23:59", false]);
    const visitor = await getCourseForViewer(april.id, null, at("2026-05-01T00:00:00Z"));
    expect(visitor!.modulos[0]!.atrasado).toBe(false);
  });
});

describe("'Próximas fechas': the next 14 days across the learner's courses", () => {
  it("lists what falls in the window, earliest first, with Chile's time, across the September change", async () => {
    const learner = await createUser();
    const now = at("2026-09-01T12:00:00Z");
    const inside = await courseWithDue(chileLocalToUtc("2026-09-06T00:30") as Date, "Curso de septiembre");
    const edge = await courseWithDue(new Date(now.getTime() + 14 * DAY - 60_000), "Curso del borde");
    const beyond = await courseWithDue(new Date(now.getTime() + 14 * DAY + 60_000), "Curso lejano");
    const past = await courseWithDue(new Date(now.getTime() - 60_000), "Curso pasado");
    const notMine = await courseWithDue(new Date(now.getTime() + DAY), "Curso ajeno");
    for (const c of [inside, edge, beyond, past])
      await prisma.enrolment.create({ data: { userId: learner.id, cursoId: c.id } });
    await createAttempt(learner.id, edge.quiz);
    const items = await upcomingDueDates(learner.id, now);
    // The overdue one (its quiz not passed) stays, first and 'Atrasado'.
    expect(items.map((i) => [i.curso, i.fechaTexto, i.aprobado, i.atrasado, i.href])).toEqual([
      ["Curso pasado", "01-09-2026, 07:59", false, true, `/cursos/${past.id}?modulo=1#modulo-1`],
      ["Curso de septiembre", "06-09-2026, 01:30", false, false, `/cursos/${inside.id}?modulo=1#modulo-1`],
      ["Curso del borde", "15-09-2026, 08:59", true, false, `/cursos/${edge.id}?modulo=1#modulo-1`],
    ]);
    expect(items.some((i) => i.cursoId === notMine.id)).toBe(false);
  });

  it("keeps an overdue module, however old, until its quiz is passed; a past module without a quiz goes", async () => {
    const learner = await createUser();
    const now = at("2026-09-01T12:00:00Z");
    const old = await courseWithDue(new Date(now.getTime() - 200 * DAY), "Curso atrasado");
    const done = await courseWithDue(new Date(now.getTime() - 2 * DAY), "Curso aprobado");
    await prisma.module.update({ where: { id: done.plain.id }, data: { fechaLimite: new Date(now.getTime() - DAY) } });
    for (const c of [old, done]) await prisma.enrolment.create({ data: { userId: learner.id, cursoId: c.id } });
    await createAttempt(learner.id, done.quiz);
    // A failed attempt keeps it overdue.
    await createAttempt(learner.id, old.quiz, { porcentaje: 0, aprobado: false, correctas: 0 });
    const listed = async () => (await upcomingDueDates(learner.id, now)).map((i) => [i.curso, i.atrasado]);
    expect(await listed()).toEqual([["Curso atrasado", true]]);
    await createAttempt(learner.id, old.quiz);
    expect(await listed()).toEqual([]);
  });

  it("a learner in 1 200 courses: the earliest dates of every course, however many (no list past SQLite's parameters)", async () => {
    const learner = await createUser();
    const ids = Array.from({ length: 1200 }, (_, i) => `cbulk${String(i).padStart(4, "0")}${learner.id.slice(-12)}`);
    await prisma.course.createMany({
      data: ids.map((id, i) => ({
        id,
        titulo: `Curso masivo ${i}`,
        estado: "publicado",
        herramientas: [],
        loAprenderan: [],
      })),
    });
    await prisma.enrolment.createMany({ data: ids.map((cursoId) => ({ userId: learner.id, cursoId })) });
    // Due dates in the first course and in the last: both in the window, the last one's earlier.
    await prisma.module.createMany({
      data: [
        { cursoId: ids[0]!, posicion: 0, titulo: "Primero", fechaLimite: new Date(Date.now() + 3 * DAY) },
        { cursoId: ids.at(-1)!, posicion: 0, titulo: "Último", fechaLimite: new Date(Date.now() + DAY) },
      ],
    });
    const items = await upcomingDueDates(learner.id);
    expect(items.map((i) => i.modulo)).toEqual(["Último", "Primero"]);
  });

  it.skipIf(!sqlite)("costs the same statements for 2 courses as for 20", async () => {
    const countFor = async (courses: number) => {
      const learner = await createUser();
      for (let i = 0; i < courses; i++) {
        const c = await courseWithDue(new Date(Date.now() + (i + 1) * 3_600_000));
        await prisma.enrolment.create({ data: { userId: learner.id, cursoId: c.id } });
      }
      statements.length = 0;
      const items = await upcomingDueDates(learner.id);
      expect(items).toHaveLength(courses);
      return statements.length;
    };
    expect(logged).not.toBeNull();
    const few = await countFor(2);
    expect(await countFor(20)).toBe(few);
    expect(few).toBeLessThanOrEqual(6);
  });
});

describe("the calendar feed (/calendario/{token}.ics)", () => {
  it("escapes , ; \\ and line breaks, folds at 75 octets without splitting a character, ends lines in CRLF", () => {
    expect(escapeText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
    const long = `SUMMARY:${"ñ".repeat(100)}`;
    const folded = foldLine(long);
    for (const line of folded.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(long);
    const text = buildCalendar([], { name: "X", now: at("2026-01-01T00:00:00Z") });
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("makes each due date an all-day event on its Chile date that ends the next day (DTEND after DTSTART, RFC 5545)", () => {
    const event = (due: string) => ({
      uid: due,
      due: at(due),
      summary: "Curso: Módulo",
      url: "http://localhost:3000/",
    });
    const text = buildCalendar(
      [
        event("2026-12-06T02:59:00Z"), // 5 December, 23:59 in Chile (summer time, UTC-3)
        event("2026-06-01T03:59:00Z"), // 31 May, 23:59 (winter time, UTC-4)
        event("2027-01-01T02:30:00Z"), // 31 December, 23:30: the next day is in another year
        event("2026-03-01T12:00:00Z"), // 1 March, 09:00
      ],
      { name: "X", now: at("2026-01-01T00:00:00Z") },
    );
    const vevents = text.split("BEGIN:VEVENT\r\n").slice(1);
    const span = (block: string) => [
      /^DTSTART;VALUE=DATE:(\d{8})\r$/m.exec(block)?.[1],
      /^DTEND;VALUE=DATE:(\d{8})\r$/m.exec(block)?.[1],
    ];
    expect(vevents.map(span)).toEqual([
      ["20261205", "20261206"],
      ["20260531", "20260601"],
      ["20261231", "20270101"],
      ["20260301", "20260302"],
    ]);
    // One start and one end each, and no timed DTSTART/DTEND left.
    for (const block of vevents) {
      expect(block.match(/^DTSTART/gm)).toHaveLength(1);
      expect(block.match(/^DTEND/gm)).toHaveLength(1);
    }
    expect(text).not.toMatch(/^DT(START|END):/m);
  });

  it("holds the learner's due dates as events; renewing the token voids the old address; unknown is a bare 404", async () => {
    const learner = await createUser();
    const { id, quiz } = await courseWithDue(new Date(Date.now() + 3 * DAY), "Historia, geografía; y \\ más");
    await prisma.module.update({
      where: { id: quiz.id },
      data: { titulo: `Módulo con un título largo ${"á".repeat(60)}` },
    });
    await prisma.enrolment.create({ data: { userId: learner.id, cursoId: id } });
    const first = await renewCalendarToken(learner.id);
    const text = (await calendarFeed(first))!;
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    // Unfolded (RFC 5545 §3.1), the content lines read whole.
    const lines = text.replace(/\r\n /g, "").split("\r\n");
    const summary = lines.find((l) => l.startsWith("SUMMARY:"));
    expect(summary).toBe(`SUMMARY:Historia\\, geografía\\; y \\\\ más: Módulo con un título largo ${"á".repeat(60)}`);
    expect(lines).toContain(`UID:fecha-limite-${quiz.id}@localhost`);
    expect(lines.some((l) => /^DTSTART;VALUE=DATE:\d{8}$/.test(l))).toBe(true);
    expect(lines.some((l) => /^DTEND;VALUE=DATE:\d{8}$/.test(l))).toBe(true);
    expect(lines.find((l) => l.startsWith("DESCRIPTION:"))).toMatch(/^DESCRIPTION:Fecha límite \(hora de Chile\): /);
    expect(lines.some((l) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(l))).toBe(true);
    expect(lines).toContain(`URL:http://localhost:3000/cursos/${id}?modulo=1#modulo-1`);
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);

    const response = await feedRoute.loader(args(getRequest(`/calendario/${first}.ics`), { token: `${first}.ics` }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");

    const second = await renewCalendarToken(learner.id);
    expect(await calendarFeed(first)).toBeNull();
    expect(await calendarFeed(second)).toContain("BEGIN:VEVENT");
    const gone = await feedRoute.loader(args(getRequest(`/calendario/${first}.ics`), { token: `${first}.ics` }));
    expect(gone.status).toBe(404);
    expect(await gone.text()).toBe("No encontrado.");
    const junk = await feedRoute.loader(args(getRequest("/calendario/x.ics"), { token: "x.ics" }));
    expect(junk.status).toBe(404);
    // Only the hash is stored.
    const row = await prisma.calendarFeed.findUniqueOrThrow({ where: { userId: learner.id } });
    expect(row.tokenHash).not.toContain(second);
  });
});

describe("GET /api/auth/proximas-fechas", () => {
  it("answers the caller's 'Próximas fechas' as JSON, and 401 without credentials", async () => {
    const upcomingApi = await import("~/routes/api/auth.upcoming.ts");
    const { user, token } = await signedIn("estudiante");
    const course = await courseWithDue(new Date(Date.now() + 2 * DAY), "Curso de la API");
    await prisma.enrolment.create({ data: { userId: user.id, cursoId: course.id } });
    const call = (headers: Record<string, string>) =>
      upcomingApi.loader(args(new Request("http://localhost:3000/api/auth/proximas-fechas", { headers })));
    const response = await call({ Authorization: `Bearer ${token}` });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      fechas: Array<{ cursoId: string; moduloIndex: number; aprobado: boolean }>;
    };
    expect(body.fechas).toEqual([expect.objectContaining({ cursoId: course.id, moduloIndex: 0, aprobado: false })]);
    expect((await call({})).status).toBe(401);
  });
});
