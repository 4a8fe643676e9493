// The hot queries stay on their indexes (docs/decisions/009-flat-cost-at-scale.md): every SQL
// statement the services send is caught from Prisma's query log and explained by SQLite
// (EXPLAIN QUERY PLAN, no statistics: the planner of a fresh database). A full scan of a table
// that grows, or a sort of all its rows, fails the test. Also: the Tally counts the triggers keep.
import { beforeAll, describe, expect, it } from "vitest";
import { plansOf, sqlite } from "../query-log.ts";

const { prisma } = await import("~/lib/db.server.ts");
const courses = await import("~/features/courses/courses.server.ts");
const courseView = await import("~/features/learning/course-view.server.ts");
const admin = await import("~/features/courses/admin-courses.server.ts");
const users = await import("~/features/accounts/users.server.ts");
const messages = await import("~/features/messages/messages.server.ts");
const books = await import("~/features/library/book-search.server.ts");
const outbox = await import("~/features/mail/outbox.server.ts");
const contact = await import("~/features/contact/contact.server.ts");
const { courseTitleFields } = await import("~/features/courses/title-search.ts");
const { HASHED_SEARCH } = await import("~/features/search/word-search.server.ts");
const { bookSearchFields, searchWords } = await import("~/features/library/book-words.ts");
const reports = await import("~/features/reports/reports.server.ts");
const { newClassCode } = await import("~/features/classes/codes.ts");
const { createAttempt, createCourse, createUser, questions } = await import("../factories.ts");

const BIG =
  "(main\\.)?(Course|CourseWord|User|UserWord|Message|QuizQuestion|Module|Enrolment|Book|BookWord|QuizAttempt|AttemptAnswer|Certificate|Tally|OutboxMail|ContactMessage)";
/**
 * A plan that reads a growing table whole (a SCAN without an index, or of a covering index,
 * which is a count or a filter over every row), or sorts rows. A search may sort its own matches
 * (`sortsMatches`): they come from an index range, not from the whole table.
 */
function badLines(plan: string[], sortsMatches: boolean) {
  return plan.filter(
    (line) =>
      new RegExp(`^SCAN ${BIG}( AS \\w+)?$`).test(line) ||
      new RegExp(`^SCAN ${BIG}( AS \\w+)? USING COVERING INDEX`).test(line) ||
      (/USE TEMP B-TREE FOR (ORDER BY|GROUP BY)/.test(line) && !sortsMatches),
  );
}

async function expectIndexed(run: () => Promise<unknown>, { sortsMatches = false } = {}) {
  const plans = await plansOf(run);
  expect(plans.length).toBeGreaterThan(0);
  for (const { query, plan } of plans) {
    expect({ query, bad: badLines(plan, sortsMatches) }).toEqual({ query, bad: [] });
    if (process.env.SHOW_PLANS) console.log(`${query}\n  ${plan.join("\n  ")}`);
  }
  return plans;
}

describe.skipIf(!sqlite)("query plans of the hot queries (SQLite)", () => {
  let courseId = "";
  let userId = "";
  beforeAll(async () => {
    const user = await createUser({ rol: "admin" });
    userId = user.id;
    for (const [i, titulo] of ["Matemáticas básicas", "Robótica educativa", "Huertos urbanos"].entries()) {
      const course = await createCourse({
        titulo,
        dirigidoA: i === 0 ? "general" : "docente",
        modulos: [{ titulo: "M", preguntas: questions("¿?") }],
      });
      courseId = course.id;
    }
  });

  it("the course page reads its modules' questions through (moduloId, posicion)", async () => {
    const plans = await expectIndexed(() => courseView.getCourseForViewer(courseId, null));
    const question = plans.find((p) => p.query.includes("QuizQuestion"))!;
    expect(question.plan.join("\n")).toMatch(
      /SEARCH (main\.)?QuizQuestion USING (COVERING )?INDEX QuizQuestion_moduloId_posicion_idx/,
    );
  });

  it("featured courses read the top of (estado, visibilidad, cantidadParticipantes, createdAt, id), no sort", async () => {
    const plans = await expectIndexed(() => courses.listFeaturedCourses());
    expect(plans[0]!.plan.join("\n")).toMatch(/Course_estado_visibilidad_cantidadParticipantes_createdAt_id_idx/);
  });

  it("course lists: page 1, a cursor page, an audience and the counts are index ranges", async () => {
    const first = await courses.listCourses({ viewer: null });
    await expectIndexed(() => courses.listCourses({ viewer: null }));
    const key = first.courses.length ? first.cursors : null;
    expect(key).not.toBeNull();
    const cursor = { desde: { createdAt: new Date(), id: "zzzz" } };
    await expectIndexed(() => courses.listCourses({ viewer: null, page: 2, cursor }));
    await expectIndexed(() => courses.listCourses({ viewer: null, page: 2, cursor: { antes: cursor.desde } }));
    await expectIndexed(() => courses.listCourses({ viewer: null, audience: "docente", cursor }));
    await expectIndexed(() => courses.listCourses({ viewer: { id: userId, rol: "admin" } as never, cursor }));
  });

  it("a typed deep page of a list of several ranges merges their index walks in order, no sort", async () => {
    // An audience's list is two ranges (the audience and 'general'), a docente's or admin's six:
    // ?page=N without a cursor skips entries along the merged walks (size 1: page 2 of 2).
    const admin = { id: userId, rol: "admin" } as never;
    for (const viewer of [null, admin]) {
      const plans = await expectIndexed(() =>
        courses.listCourseRows({ viewer, audience: "docente", page: 2, size: 1 }),
      );
      expect(plans.map((p) => p.plan.join("\n")).join("\n")).toMatch(/MERGE \(UNION ALL\)/);
    }
    const page = await courses.listCourseRows({ viewer: null, audience: "docente", page: 2, size: 1 });
    const all = await courses.listCourseRows({ viewer: null, audience: "docente", size: 10 });
    expect(page.rows.map((r) => r.id)).toEqual([all.rows[1]!.id]);
    const last = await courses.listCourseRows({ viewer: null, audience: "docente", page: all.rows.length, size: 1 });
    expect(last.rows.map((r) => r.id)).toEqual([all.rows.at(-1)!.id]); // read from the far end
  });

  it("the word searches (catalog, admin courses, records) read their word index: rare words by keys, common ones by a walk", async () => {
    // CourseWord and UserWord, as the library's BookWord (features/search/word-search.server.ts).
    for (const titulo of ["Introducción a la programación", "Programación creativa"]) await createCourse({ titulo });
    await createUser({ nombre: "Sofía", apellido: "Núñez", correo: "sofia.nunez@escuela.cl" });
    const onWords =
      /SEARCH (main\.)?(w|o\d+|t\d+|CourseWord|UserWord) USING (COVERING )?INDEX ((Course|User)Word_word_(course|user)Id_idx \(word>\? AND word<\?\)|CourseWord_estado_word_dirigidoA_courseId_idx \(estado=\? AND word>\? AND word<\?\)|sqlite_autoindex_(Course|User)Word_1 \((course|user)Id=\? AND word>\? AND word<\?\))/;
    const viewer = { id: userId, rol: "docente" } as never;
    const cursor = { desde: { createdAt: new Date(), id: "zzzz" } };
    for (const run of [
      () => courses.listCourses({ viewer: null, q: "programacion" }),
      () => courses.listCourses({ viewer: null, q: "programacion creativa", cursor }),
      () => courses.listCourses({ viewer: null, audience: "docente", q: "programacion" }),
      // A search's second tier (the courses with some of the words): their ranges, merged.
      () => courses.listCourses({ viewer: null, q: "programacion creativa", withSome: true }),
      () => courses.listCourses({ viewer: null, audience: "docente", q: "programacion creativa", some: true }),
      () => courses.listCourses({ viewer, q: "programacion", page: 2 }),
      () => admin.listAdminCourses({ q: "programacion" }),
      () => users.listUsers({ q: "Sofía Núñez" }),
    ]) {
      const plans = await expectIndexed(run, { sortsMatches: true });
      const words = plans.filter((p) => /(Course|User)Word/.test(p.query));
      expect(words.length).toBeGreaterThan(0);
      for (const { query, plan } of words) {
        expect({ query, plan: plan.some((line) => onWords.test(line)) }).toEqual({ query, plan: true });
      }
      // The rows themselves: by primary key among the matches (never a walk of the table).
      for (const { query, plan } of plans.filter((p) => /FROM `main`.`(Course|User)` WHERE/.test(p.query))) {
        expect({ query, plan: plan.join("\n") }).toEqual({
          query,
          plan: expect.stringMatching(
            /SEARCH (main\.)?(Course|User) USING INDEX sqlite_autoindex_(Course|User)_1 \(id=\?\)/,
          ),
        });
      }
      // The visibility of a sparse search: the course by primary key after its words (CROSS JOIN).
      for (const { plan } of plans.filter((p) => /CROSS JOIN "Course" c/.test(p.query))) {
        expect(plan.join("\n")).toMatch(/SEARCH c USING INDEX sqlite_autoindex_Course_1 \(id=\?\)/);
      }
    }

    // Every word on more than DENSE_SEARCH rows: the list's own index walked, ids alone, each
    // row looked up in the word's range read once (at most HASHED_SEARCH entries), stopping at
    // the page; the count reads the longest word's range.
    const n = books.DENSE_SEARCH + 1;
    await prisma.course.createMany({
      data: Array.from({ length: n }, (_, i) => ({
        id: `densec${String(i).padStart(5, "0")}`,
        ...courseTitleFields("Denso"),
        estado: "publicado",
        herramientas: [],
        loAprenderan: [],
      })),
    });
    await prisma.courseWord.createMany({
      data: Array.from({ length: n }, (_, i) => ({ courseId: `densec${String(i).padStart(5, "0")}`, word: "denso" })),
    });
    await prisma.user.createMany({
      data: Array.from({ length: n }, (_, i) => ({
        id: `denseu${String(i).padStart(5, "0")}`,
        nombre: "Denso",
        apellido: "X",
        correo: `denso${i}@x.cl`,
        rol: "estudiante",
        passwordHash: "x",
      })),
    });
    await users.backfillUserWords();
    const walks: Array<[() => Promise<unknown>, RegExp]> = [
      [() => courses.listCourses({ viewer: null, q: "denso" }), /Course_estado_visibilidad_createdAt_id_idx/],
      [
        () => courses.listCourses({ viewer: null, audience: "docente", q: "denso" }),
        /Course_dirigidoA_estado_visibilidad_createdAt_id_idx/,
      ],
      [() => admin.listAdminCourses({ q: "denso" }), /Course_createdAt_id_idx/],
      // Some of the words, one of them that common: the same walk (and its count).
      [
        () => courses.listCourses({ viewer: null, q: "denso zzz", some: true }),
        /Course_estado_visibilidad_createdAt_id_idx/,
      ],
      [() => users.listUsers({ q: "denso" }), /User_aprobado_correoConfirmado_createdAt_id_idx/],
    ];
    const walkOf = (plans: Awaited<ReturnType<typeof expectIndexed>>) =>
      plans.find((p) => /SELECT [cu]\."id" FROM "(Course|User)" [cu]\s+WHERE/.test(p.query))!;
    for (const [run, index] of walks) {
      const walk = walkOf(await expectIndexed(run, { sortsMatches: true })).plan.join("\n");
      expect(walk).toMatch(
        new RegExp(`SEARCH [cu] USING COVERING INDEX ${index.source}|SCAN [cu] USING COVERING INDEX ${index.source}`),
      );
      expect(walk).not.toMatch(/TEMP B-TREE/);
      expect(walk).toMatch(/LIST SUBQUERY/);
      expect(walk).toMatch(
        /SEARCH w USING COVERING INDEX (Course|User)Word_word_(course|user)Id_idx \(word>\? AND word<\?\)/,
      );
    }

    // Denser than HASHED_SEARCH: the walk probes each row it passes by primary key instead.
    const m = HASHED_SEARCH + 1;
    await prisma.course.createMany({
      data: Array.from({ length: m }, (_, i) => ({
        id: `densisimo${String(i).padStart(5, "0")}`,
        ...courseTitleFields("Densísimo"),
        estado: "publicado",
        herramientas: [],
        loAprenderan: [],
      })),
    });
    await prisma.courseWord.createMany({
      data: Array.from({ length: m }, (_, i) => ({
        courseId: `densisimo${String(i).padStart(5, "0")}`,
        word: "densisimo",
      })),
    });
    const walk = walkOf(await expectIndexed(() => admin.listAdminCourses({ q: "densisimo" }), { sortsMatches: true }));
    expect(walk.query).toMatch(/EXISTS/);
    expect(walk.plan.join("\n")).toMatch(/SCAN c USING COVERING INDEX Course_createdAt_id_idx/);
    expect(walk.plan.join("\n")).toMatch(
      /SEARCH w (EXISTS )?USING COVERING INDEX sqlite_autoindex_CourseWord_1 \(courseId=\? AND word>\? AND word<\?\)/,
    );
    expect(walk.plan.join("\n")).not.toMatch(/TEMP B-TREE/);
    // Some 10 000 courses and accounts written and searched: seconds, more on a loaded runner.
  }, 60_000);

  it("the unfiltered admin course table and records stay on their indexes", async () => {
    await expectIndexed(() => admin.listAdminCourses({}));
    await expectIndexed(() => users.listUsers({}));
  });

  it("the library's newest-first page reads (createdAt, id), no sort; its count is the Tally", async () => {
    const plans = await expectIndexed(() => books.listBooks({}));
    const text = plans.map((p) => p.plan.join("\n")).join("\n");
    expect(text).toMatch(/Book_createdAt_id_idx/);
    expect(text).toMatch(/Tally/);
  });

  it("the library search reads the (word, createdAt, bookId) index: rare words by their keys, common ones by a walk", async () => {
    for (const [title, author] of [
      ["Educación rural", "Gabriela Mistral"],
      ["Matemáticas para todos", "Ana Pérez"],
    ] as const) {
      await prisma.book.create({
        data: {
          title,
          author,
          pages: 1,
          description: "",
          pdfKey: title,
          pdfSize: 1,
          ...bookSearchFields(title, author),
        },
      });
    }
    const onWords =
      /SEARCH ((main\.)?BookWord|w|o\d+) USING (COVERING )?INDEX (BookWord_word_createdAt_bookId_idx \(word>\? AND word<\?\)|sqlite_autoindex_BookWord_1 \(bookId=\? AND word>\? AND word<\?\))/;
    for (const run of [
      () => books.listBooks({ q: "matematica" }),
      () => books.listBooks({ q: "educacion mistral" }),
      () => books.searchBooksJson("educ"),
    ]) {
      const plans = await expectIndexed(run, { sortsMatches: true });
      for (const { query, plan } of plans.filter((p) => p.query.includes("BookWord"))) {
        expect({ query, plan: plan.some((line) => onWords.test(line)) }).toEqual({ query, plan: true });
      }
      // The books themselves: by primary key, never a walk of the table.
      const rows = plans.filter((p) => /FROM `main`.`Book` WHERE/.test(p.query));
      for (const { plan } of rows)
        expect(plan.join("\n")).toMatch(/SEARCH (main\.)?Book USING INDEX sqlite_autoindex_Book_1 \(id=\?\)/);
    }

    // A word with more than DENSE_SEARCH entries: the newest-first walk, ids alone, each book
    // looked up in the word's range read once, stopping at the page (LIMIT); its count reads the
    // word's range.
    const ids = Array.from({ length: books.DENSE_SEARCH + 1 }, (_, i) => `densebook${String(i).padStart(5, "0")}`);
    const when = new Date();
    await prisma.book.createMany({
      data: ids.map((id) => ({
        id,
        title: "Denso",
        author: "Autor",
        pages: 1,
        description: "",
        pdfKey: id,
        pdfSize: 1,
        searchText: "denso autor",
        createdAt: when,
      })),
    });
    await prisma.bookWord.createMany({
      data: ids.flatMap((bookId) => searchWords("denso autor").map((word) => ({ bookId, word, createdAt: when }))),
    });
    const dense = await expectIndexed(() => books.listBooks({ q: "denso autor" }), { sortsMatches: true });
    const walk = dense.find((p) => /SELECT b\."id" FROM "Book" b\s+WHERE/.test(p.query))!;
    expect(walk.plan.join("\n")).toMatch(/SCAN b USING COVERING INDEX Book_createdAt_id_idx/);
    expect(walk.plan.join("\n")).toMatch(/LIST SUBQUERY/);
    expect(walk.plan.join("\n")).toMatch(/SEARCH w USING COVERING INDEX BookWord_word_createdAt_bookId_idx/);
    expect(walk.plan.join("\n")).not.toMatch(/TEMP B-TREE/);
    const count = dense.find((p) => /FROM "BookWord" w/.test(p.query))!;
    expect(count.plan.join("\n")).toMatch(
      /SEARCH w USING COVERING INDEX BookWord_word_createdAt_bookId_idx \(word>\? AND word<\?\)/,
    );
  });

  it("a typed ?page=N skips entries of a covering index, ids only, then reads the page by id", async () => {
    await prisma.course.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({
        ...courseTitleFields(`Página ${i}`),
        estado: "publicado",
        herramientas: [],
        loAprenderan: [],
      })),
    });
    await createUser({});
    await createUser({});
    for (const run of [
      () => courses.listCourses({ viewer: null, page: 2 }),
      () => admin.listAdminCourses({ page: 2 }),
      () => books.listBooks({ page: 2 }),
      () => users.listUsers({ page: 2, pageSize: 1 }),
    ]) {
      const plans = await plansOf(run);
      const skip = plans.find(
        (p) =>
          /^SELECT (`main`.`(Course|Book|User)`.`id`|c."id", c."createdAt") FROM/.test(p.query) &&
          /OFFSET/.test(p.query),
      );
      expect(skip?.plan.join("\n")).toMatch(
        /(SCAN|SEARCH) (main\.)?(Course|Book|User|c) USING COVERING INDEX (Course_|Book_|User_aprobado_correoConfirmado_)(estado_visibilidad_)?createdAt_id_idx/,
      );
      const rows = plans.filter((p) => p !== skip && /FROM `main`.`(Course|Book|User)` WHERE/.test(p.query));
      expect(rows.length).toBeGreaterThan(0);
      for (const { plan } of rows)
        expect(plan.join("\n")).toMatch(
          /SEARCH (main\.)?(Course|Book|User) USING INDEX sqlite_autoindex_(Course|Book|User)_1 \(id=\?\)/,
        );
    }
  });

  it("the inbox reads (toId, createdAt, id)", async () => {
    const plans = await expectIndexed(() => messages.listInboxPage({ id: userId }, null));
    expect(plans[0]!.plan.join("\n")).toMatch(/Message_toId_createdAt_id_idx/);
  });

  it("the sent folder reads (fromId, createdAt, id), its recipients' names by primary key", async () => {
    const reader = await createUser();
    await prisma.message.create({
      data: {
        fromId: userId,
        toId: reader.id,
        from: "a@test.cl",
        fromName: "A",
        fromRole: "admin",
        to: reader.correo,
        subject: "s",
        content: "c",
      },
    });
    const plans = await expectIndexed(() => messages.listSentPage({ id: userId }, null));
    expect(plans[0]!.plan.join("\n")).toMatch(/Message_fromId_createdAt_id_idx/);
    const cursor = { desde: { createdAt: new Date(), id: "zzzz" } };
    const later = await expectIndexed(() => messages.listSentPage({ id: userId }, cursor));
    expect(later[0]!.plan.join("\n")).toMatch(/Message_fromId_createdAt_id_idx/);
  });

  it("the admin outbox reads (createdAt, id) or (status, createdAt, id) from a cursor, no sort", async () => {
    for (let i = 0; i < 3; i++)
      await outbox.enqueueMail({ kind: "message.notice", to: `o${i}@test.cl`, subject: "s", text: "t" });
    const cursor = { desde: { createdAt: new Date(), id: "zzzz" } };
    const all = await expectIndexed(() => outbox.listOutbox({ cursor }));
    expect(all.map((p) => p.plan.join("\n")).join("\n")).toMatch(/OutboxMail_createdAt_id_idx/);
    const pending = await expectIndexed(() => outbox.listOutbox({ status: "pending", cursor }));
    expect(pending.map((p) => p.plan.join("\n")).join("\n")).toMatch(/OutboxMail_status_createdAt_id_idx/);
    await expectIndexed(() => outbox.listOutbox({ status: "sent" }));
  });

  it("the admin contact list reads (createdAt, id) from a cursor or a typed page, no sort; its count is the Tally", async () => {
    await prisma.contactMessage.createMany({
      data: Array.from({ length: 3 }, (_, i) => ({ nombre: `C${i}`, correo: `c${i}@test.cl`, mensaje: "Hola" })),
    });
    const first = await expectIndexed(() => contact.listContactMessages());
    const text = first.map((p) => p.plan.join("\n")).join("\n");
    expect(text).toMatch(/ContactMessage_createdAt_id_idx/);
    expect(text).toMatch(/Tally/);
    const cursor = { desde: { createdAt: new Date(), id: "zzzz" } };
    const later = await expectIndexed(() => contact.listContactMessages({ cursor }));
    expect(later.map((p) => p.plan.join("\n")).join("\n")).toMatch(/ContactMessage_createdAt_id_idx/);
    await expectIndexed(() => contact.listContactMessages({ page: 2 }));
  });

  it("admin reports: the Resumen reads Tally keys only; a course's report and gradebook its own index ranges", async () => {
    const student = await createUser();
    const course = await prisma.course.findUniqueOrThrow({
      where: { id: courseId },
      include: { modulos: { include: { preguntas: true } } },
    });
    const modulo = course.modulos[0]!;
    await prisma.enrolment.create({ data: { userId: student.id, cursoId: courseId } });
    await createAttempt(student.id, modulo, {
      porcentaje: 0,
      aprobado: false,
      correctas: 0,
      answers: {
        create: [{ preguntaId: modulo.preguntas[0]!.id, pregunta: "¿?", respuestaUsuario: "x", esCorrecta: false }],
      },
    });
    const resumen = await expectIndexed(() => reports.getResumen());
    expect(resumen.map((p) => p.query).join("\n")).not.toMatch(/"(User|Course|Enrolment|Certificate|OutboxMail)"/);
    expect(resumen[0]!.plan.join("\n")).toMatch(
      /SEARCH (main\.)?Tally USING INDEX sqlite_autoindex_Tally_1 \(key=\?\)/,
    );

    // The report reads the course's modules and questions and their Tally keys,
    // never its enrolments, attempts, answers or certificates (the triggers keep those counts).
    const reportPlans = await expectIndexed(() => reports.getCourseReport(courseId));
    expect(reportPlans.map((p) => p.query).join("\n")).not.toMatch(
      /"(Enrolment|QuizAttempt|AttemptAnswer|Certificate|QuizPairTally)"/,
    );
    expect(reportPlans.map((p) => p.plan.join("\n")).join("\n")).toMatch(
      /SEARCH (main\.)?Tally USING INDEX sqlite_autoindex_Tally_1 \(key=\?\)/,
    );

    const page = (await expectIndexed(() => reports.getGradebook(courseId))).map((p) => p.plan.join("\n"));
    expect(page.join("\n")).toMatch(
      /USING COVERING INDEX QuizAttempt_cursoId_userId_moduloId_aprobado_porcentaje_idx \(cursoId=\? AND userId=\?\)/,
    );
    // By name on the course's own range (decision 047), for the course and for one of its classes.
    expect(page.join("\n")).toMatch(
      /Enrolment USING INDEX Enrolment_cursoId_apellido_nombre_userId_idx \(cursoId=\?\)/,
    );
    const csv = (await reports.gradebookCsv(courseId))!;
    await expectIndexed(async () => {
      for await (const batch of csv.batches) expect(batch.length).toBeGreaterThan(0);
    });
    const clase = await prisma.courseClass.create({
      data: { cursoId: courseId, nombre: "4°A", codigo: newClassCode(), createdById: student.id },
    });
    await prisma.classMember.create({ data: { claseId: clase.id, cursoId: courseId, userId: student.id } });
    const filtered = await expectIndexed(async () => {
      expect((await reports.getGradebook(courseId, { clase: clase.id }))!.participantes).toHaveLength(1);
    });
    expect(filtered.map((p) => p.plan.join("\n")).join("\n")).toMatch(/ClassMember/);
  });

  it("the unread count of the menus is a range of (toId, leidoEn)", async () => {
    const plans = await expectIndexed(() => messages.unreadCount({ id: userId }));
    expect(plans[0]!.plan.join("\n")).toMatch(/Message_toId_leidoEn_idx/);
  });
});

describe("Tally: the counts the lists show, kept by the database's triggers", () => {
  const tally = async (key: string) => (await prisma.tally.findUnique({ where: { key } }))?.n ?? 0;

  it("follows courses created, published, moved to another audience and deleted", async () => {
    const before = await tally("course:publicado:comunidad");
    const draftsBefore = await tally("course:borrador:comunidad");
    const course = await createCourse({ titulo: "Tally", estado: "borrador", dirigidoA: "comunidad" });
    expect(await tally("course:borrador:comunidad")).toBe(draftsBefore + 1);
    await prisma.course.update({ where: { id: course.id }, data: { estado: "publicado" } });
    expect(await tally("course:borrador:comunidad")).toBe(draftsBefore);
    expect(await tally("course:publicado:comunidad")).toBe(before + 1);
    await prisma.course.update({ where: { id: course.id }, data: { dirigidoA: "estudiante" } });
    expect(await tally("course:publicado:comunidad")).toBe(before);
    await prisma.course.delete({ where: { id: course.id } });
    expect(await prisma.course.count({ where: { estado: "publicado", dirigidoA: "comunidad" } })).toBe(before);
  });

  it("follows accounts: all of them, and the pending ones (not approved, not suspended)", async () => {
    const all = await tally("user:all");
    const pending = await tally("user:pending");
    const user = await createUser({ aprobado: false });
    expect([await tally("user:all"), await tally("user:pending")]).toEqual([all + 1, pending + 1]);
    await prisma.user.update({ where: { id: user.id }, data: { aprobado: true } });
    expect(await tally("user:pending")).toBe(pending);
    await prisma.user.update({ where: { id: user.id }, data: { aprobado: false, suspendidoEn: new Date() } });
    expect(await tally("user:pending")).toBe(pending);
    await prisma.user.delete({ where: { id: user.id } });
    expect(await tally("user:all")).toBe(all);
    expect(await prisma.user.count()).toBe(all);
    expect(await prisma.user.count({ where: { aprobado: false, suspendidoEn: null } })).toBe(pending);
  });

  it("follows the contact submissions", async () => {
    const before = await tally("contact:all");
    const row = await prisma.contactMessage.create({ data: { nombre: "T", correo: "t@test.cl", mensaje: "Hola" } });
    expect(await tally("contact:all")).toBe(before + 1);
    await prisma.contactMessage.update({ where: { id: row.id }, data: { leidoEn: new Date() } });
    expect(await tally("contact:all")).toBe(before + 1);
    await prisma.contactMessage.delete({ where: { id: row.id } });
    expect(await tally("contact:all")).toBe(before);
    expect(before).toBe(await prisma.contactMessage.count());
  });

  it("follows the outbox: every mail, and each status as the sender moves it", async () => {
    const keys = ["outbox:all", "outbox:pending", "outbox:sent", "outbox:failed"];
    const before = await Promise.all(keys.map(tally));
    const mail = await prisma.outboxMail.create({
      data: { kind: "message.notice", to: "t@test.cl", subject: "s", text: "t" },
    });
    expect(await Promise.all(keys.map(tally))).toEqual([before[0]! + 1, before[1]! + 1, before[2], before[3]]);
    await prisma.outboxMail.update({ where: { id: mail.id }, data: { status: "failed", attempts: 1 } });
    await prisma.outboxMail.update({ where: { id: mail.id }, data: { attempts: 2 } });
    expect(await Promise.all(keys.map(tally))).toEqual([before[0]! + 1, before[1], before[2], before[3]! + 1]);
    await prisma.outboxMail.update({ where: { id: mail.id }, data: { status: "sent" } });
    expect(await Promise.all(keys.map(tally))).toEqual([before[0]! + 1, before[1], before[2]! + 1, before[3]]);
    await prisma.outboxMail.delete({ where: { id: mail.id } });
    expect(await Promise.all(keys.map(tally))).toEqual(before);
    expect(await tally("outbox:all")).toBe(await prisma.outboxMail.count());
  });
});
