// The large database of decision 009: adds to a freshly migrated and seeded demo SQLite database
// 100 000 courses (97 % published), 100 000 modules with 200 000 quiz questions (600 000 options),
// 100 000 users of every role, 500 000 enrolments, 200 000 messages (half of them to the demo
// estudiante and the demo admin), 20 000 books and 20 000 sent mails: in SQL (INSERT … SELECT
// over recursive CTEs, in one transaction), never through the ORM row by row.
// The first quiz module of each course the demo estudiante takes becomes a bank of 200 questions
// asking 2 per attempt, with that learner's open attempt (docs/decisions/045-served-attempts.md).
//
//   node scripts/bench/large-db.ts <sqlite file> [scale]
//
// `scale` (default 1, or BENCH_SCALE_FACTOR) multiplies every count, for quick tries.
// Ids look like the app's (cuid-shaped: "c" + 24 lowercase hex digits; UUIDs for file keys);
// dates are stored as Prisma stores them (ISO 8601 with "+00:00"). Deliberately no ANALYZE and
// no PRAGMA optimize: whether the app gathers its statistics is what the benchmark watches.
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { searchWords } from "../../app/features/library/book-words.ts";
import { normalizeSearch } from "../../app/lib/search-text.ts";
import { addQuizActivity } from "./quiz-activity.ts";
import { courseSearchWords } from "../../app/features/courses/title-search.ts";
import { userSearchWords } from "../../app/features/accounts/user-words.ts";
import { DEMO_ADMIN, DEMO_COMUNIDAD, DEMO_DOCENTE, DEMO_ESTUDIANTE } from "../../prisma/demo-accounts.ts";

export type LargeDbCounts = Record<string, number>;
export type LargeDbResult = { ms: number; added: LargeDbCounts; totals: LargeDbCounts };

const NOMBRES = [
  "Sofía",
  "Matías",
  "Martina",
  "Benjamín",
  "Florencia",
  "Joaquín",
  "Isidora",
  "Vicente",
  "Agustina",
  "Tomás",
  "Josefa",
  "Cristóbal",
  "Antonia",
  "Máximo",
  "Catalina",
  "José Tomás",
  "María José",
  "Ignacia",
  "Sebastián",
  "Begoña",
  "Andrés",
  "Valentina",
  "Nicolás",
  "Fernanda",
  "Ramón",
  "Inés",
  "Héctor",
  "Rocío",
  "Simón",
  "Constanza",
  "Raúl",
];
const APELLIDOS = [
  "González",
  "Muñoz",
  "Rojas",
  "Díaz",
  "Pérez",
  "Soto",
  "Contreras",
  "Silva",
  "Martínez",
  "Sepúlveda",
  "Morales",
  "Rodríguez",
  "López",
  "Fuentes",
  "Hernández",
  "Torres",
  "Araya",
  "Flores",
  "Espinoza",
  "Valenzuela",
  "Castillo",
  "Tapia",
  "Reyes",
  "Gutiérrez",
  "Castro",
  "Pizarro",
  "Álvarez",
  "Vásquez",
  "Sánchez",
  "Fernández",
  "Ramírez",
  "Carrasco",
  "Gómez",
  "Cortés",
  "Herrera",
  "Núñez",
  "Jara",
  "Vergara",
  "Rivera",
  "Figueroa",
  "Riquelme",
  "Millán",
  "Huenchullán",
];
const PREFIJOS = [
  "Introducción a",
  "Taller de",
  "Diplomado en",
  "Curso práctico de",
  "Fundamentos de",
  "Seminario de",
  "Laboratorio de",
  "Herramientas para",
  "Iniciación a",
  "Gestión de",
  "Técnicas de",
];
const TEMAS = [
  "programación con Python",
  "robótica educativa",
  "huertos urbanos",
  "reciclaje comunitario",
  "educación ambiental",
  "matemática financiera",
  "diseño gráfico",
  "fotografía digital",
  "energía solar",
  "primeros auxilios",
  "mapudungún básico",
  "historia de Chile",
  "cocina saludable",
  "carpintería",
  "electricidad básica",
  "ciberseguridad",
  "bases de datos",
  "inglés comunicativo",
  "música andina",
  "emprendimiento",
  "pedagogía inclusiva",
  "evaluación formativa",
  "convivencia escolar",
  "química en la cocina",
  "astronomía",
  "geometría",
  "álgebra",
  "biología marina",
  "periodismo ciudadano",
  "teatro comunitario",
  "compostaje",
  "ciudadanía digital",
  "movilidad sostenible",
  "datos abiertos",
  "lectura crítica",
  "programación de videojuegos",
  "electrónica con Arduino",
];
const CONTEXTOS = [
  "para principiantes",
  "para docentes",
  "en la escuela",
  "para la comunidad",
  "en el aula rural",
  "con el celular",
  "nivel intermedio",
  "nivel avanzado",
  "para jóvenes",
  "en familia",
  "para adultos mayores",
  "en Osorno",
  "en la Región de Los Lagos",
];
const HERRAMIENTAS = [
  "Computador o tablet",
  "Cuaderno de apuntes",
  "Editor en línea",
  "Planilla de cálculo",
  "Cámara del celular",
  "Materiales reciclados",
  "Conexión a internet",
  "Calculadora",
  "Guantes y pala",
];
const LIBROS = ["Manual de", "Guía de", "Cuaderno de", "Antología de", "Historia de la", "Ensayos sobre", "Atlas de"];
const ASUNTOS = [
  "Consulta sobre el módulo",
  "Duda con la evaluación",
  "Certificado pendiente",
  "Material complementario",
  "Cambio de horario",
  "Reunión de apoderados",
  "Inscripción en el curso",
  "Problema al descargar el PDF",
  "Felicitaciones",
  "Solicitud de información",
  "Recordatorio de la sesión",
];
const FRASES = [
  "Hola, le escribo para consultar por el avance del curso.",
  "¿Podría revisar mi última evaluación? Creo que hubo un error en la corrección.",
  "Adjunto el enlace a la guía que conversamos en la sesión anterior.",
  "La próxima clase será en la biblioteca municipal de Osorno a las 18:30 horas.",
  "Muchas gracias por la paciencia y la buena disposición de todo el equipo.",
  "No pude descargar el documento del módulo dos desde el celular.",
  "Les recuerdo que el plazo para completar las actividades vence el viernes.",
  "Quisiera saber si el certificado sirve para postular a fondos concursables.",
  "Estamos organizando una feria de reciclaje con los vecinos de Rahue Bajo.",
  "El ejercicio de programación con ciclos me costó bastante, pero lo logré.",
  "¿Existe la posibilidad de repetir la evaluación del módulo tres?",
  "Saludos cordiales desde la escuela rural de Pichil.",
];
const PREGUNTAS = [
  "¿Cuál es el objetivo principal de",
  "¿Qué herramienta se usa primero en",
  "¿Qué afirmación describe mejor",
  "¿Cuál de estas prácticas corresponde a",
];
const OPCIONES = [
  "Organizar el trabajo paso a paso",
  "Improvisar sin planificación",
  "Evitar las preguntas del grupo",
  "Revisar los resultados con evidencia",
  "Copiar la solución de otro curso",
  "Compartir lo aprendido con la comunidad",
];

const DAY = 86_400;
const YEAR = 365 * DAY;

/** Counts at scale 1. */
const BASE = { users: 100_000, courses: 100_000, books: 20_000, messages: 200_000, outbox: 20_000, contact: 50_000 };

const cuid = `('c' || lower(hex(randomblob(12))))`;
const uuid =
  `(lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2)` +
  ` || '-8' || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))))`;
/** A deterministic pseudo-random non-negative integer from an integer expression and a salt. */
const h = (expr: string, salt: number) => `(((${expr}) * 2654435761 + ${salt * 40_503}) % 4294967296)`;

export function generateLargeDb(file: string, scale = 1): LargeDbResult {
  const started = performance.now();
  const nUsers = Math.max(10, Math.round(BASE.users * scale));
  const nCourses = Math.max(10, Math.round(BASE.courses * scale));
  const nBooks = Math.max(1, Math.round(BASE.books * scale));
  const nMessages = Math.max(1, Math.round(BASE.messages * scale));
  const nOutbox = Math.max(1, Math.round(BASE.outbox * scale));
  const nContact = Math.max(1, Math.round(BASE.contact * scale));
  const now = Math.floor(Date.now() / 1000);
  /** A stored date (Prisma's form) `secondsAgo` seconds before now, with milliseconds from `msExpr`. */
  const ago = (secondsAgo: string, msExpr = "0") =>
    `(strftime('%Y-%m-%dT%H:%M:%f', ${now} - (${secondsAgo}) + ((${msExpr}) % 1000) / 1000.0, 'unixepoch') || '+00:00')`;

  const db = new DatabaseSync(file);
  const run = (sql: string, ...params: Array<string | number | null>) => db.prepare(sql).run(...params);
  const one = <T>(sql: string, ...params: Array<string | number | null>) =>
    db.prepare(sql).get(...params) as T | undefined;
  const count = (table: string) => one<{ n: number }>(`SELECT count(*) AS n FROM "${table}"`)!.n;

  db.exec("PRAGMA foreign_keys = ON");
  db.exec("PRAGMA synchronous = OFF");
  db.exec("PRAGMA cache_size = -1000000");
  db.exec("PRAGMA temp_store = MEMORY");
  db.function("fold", { deterministic: true }, (value) => normalizeSearch(String(value ?? "")));
  db.function("search_words", { deterministic: true }, (value) => JSON.stringify(searchWords(String(value ?? ""))));

  const idOf = (correo: string) => {
    const row = one<{ id: string }>(`SELECT id FROM "User" WHERE correo = ?`, correo);
    if (!row) throw new Error(`${file}: no demo account ${correo} (migrate and seed the demo data first)`);
    return row.id;
  };
  const adminId = idOf(DEMO_ADMIN.correo);
  const studentId = idOf(DEMO_ESTUDIANTE.correo);
  const docenteId = idOf(DEMO_DOCENTE.correo);
  const comunidadId = idOf(DEMO_COMUNIDAD.correo);
  // An unusable password (the seed's participants have one): nobody signs in as a generated user.
  const hash =
    one<{ passwordHash: string }>(`SELECT passwordHash FROM "User" WHERE correo LIKE '%@ejemplo.cl' LIMIT 1`)
      ?.passwordHash ?? "$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzY2FsZQ$unusable";
  const before: LargeDbCounts = {};
  const TABLES = [
    "User",
    "Course",
    "Module",
    "QuizQuestion",
    "QuizOption",
    "Enrolment",
    "Message",
    "Book",
    "BookWord",
    "OutboxMail",
    "ContactMessage",
    "QuizAttempt",
    "AttemptAnswer",
    "Certificate",
  ];
  for (const table of TABLES) before[table] = count(table);

  const words = (name: string, list: string[]) => {
    db.exec(`CREATE TEMP TABLE ${name} (i INTEGER PRIMARY KEY, w TEXT NOT NULL, a TEXT NOT NULL)`);
    const insert = db.prepare(`INSERT INTO ${name} (i, w, a) VALUES (?, ?, ?)`);
    list.forEach((w, i) => insert.run(i, w, normalizeSearch(w).replace(/ /g, ".")));
    return list.length;
  };

  db.exec("BEGIN");
  try {
    const NN = words("w_nombre", NOMBRES);
    const NA = words("w_apellido", APELLIDOS);
    const NP = words("w_prefijo", PREFIJOS);
    const NT = words("w_tema", TEMAS);
    const NC = words("w_contexto", CONTEXTOS);
    const NH = words("w_herr", HERRAMIENTAS);
    const NL = words("w_libro", LIBROS);
    const NS = words("w_asunto", ASUNTOS);
    const NF = words("w_frase", FRASES);
    const NQ = words("w_pregunta", PREGUNTAS);
    const NO = words("w_opcion", OPCIONES);
    const images = db
      .prepare(`SELECT DISTINCT imagen FROM "Course" WHERE imagen IS NOT NULL ORDER BY imagen`)
      .all()
      .map((r) => String(r.imagen));
    db.exec(`CREATE TEMP TABLE w_img (i INTEGER PRIMARY KEY, k TEXT NOT NULL)`);
    images.forEach((k, i) => run(`INSERT INTO w_img (i, k) VALUES (?, ?)`, i, k));
    const NI = Math.max(1, images.length);
    db.exec(`CREATE TEMP TABLE pos (p INTEGER PRIMARY KEY)`);
    for (let p = 0; p < 5; p++) run(`INSERT INTO pos (p) VALUES (?)`, p);
    const series = (n: number) => `WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${n})`;

    // Users: 0.5 % admin, 60 % estudiante, 18 % docente, the rest comunidad; 95 % approved, 4 %
    // pending, 1 % suspended. Addresses are unique by the trailing number.
    db.exec(`CREATE TEMP TABLE gu (n INTEGER PRIMARY KEY, id TEXT NOT NULL)`);
    run(`${series(nUsers)} INSERT INTO gu (n, id) SELECT n, ${cuid} FROM s`);
    run(
      `
      INSERT INTO "User" (id, nombre, apellido, correo, fechaNacimiento, rol, aprobado, aprobadoEn, suspendidoEn,
                          passwordHash, createdAt, updatedAt)
      SELECT gu.id, fn.w, ln.w, fn.a || '.' || ln.a || '.u' || gu.n || '@ejemplo.cl',
             ${ago(`${10 * YEAR} + ${h("gu.n", 3)} % ${50 * YEAR}`)},
             CASE WHEN gu.n % 200 = 0 THEN 'admin' WHEN gu.n % 100 < 60 THEN 'estudiante'
                  WHEN gu.n % 100 < 78 THEN 'docente' ELSE 'comunidad' END,
             gu.n % 20 <> 7,
             CASE WHEN gu.n % 20 <> 7 THEN ${ago(`${h("gu.n", 4)} % ${3 * YEAR} - ${DAY}`, "gu.n")} END,
             CASE WHEN gu.n % 100 = 7 THEN ${ago(`${h("gu.n", 5)} % ${30 * DAY}`)} END,
             ?, ${ago(`${h("gu.n", 4)} % ${3 * YEAR}`, "gu.n")}, ${ago(`${h("gu.n", 4)} % ${3 * YEAR}`, "gu.n")}
      FROM gu
      JOIN w_nombre fn ON fn.i = ${h("gu.n", 1)} % ${NN}
      JOIN w_apellido ln ON ln.i = ${h("gu.n", 2)} % ${NA}`,
      hash,
    );

    // Courses: every 33rd a draft; a fifth without a cover, the rest reuse the seed's covers.
    db.exec(`CREATE TEMP TABLE gc (n INTEGER PRIMARY KEY, id TEXT NOT NULL, pub INTEGER NOT NULL)`);
    run(`${series(nCourses)} INSERT INTO gc (n, id, pub) SELECT n, ${cuid}, n % 33 <> 0 FROM s`);
    const created = ago(`${h("gc.n", 21)} % ${3 * YEAR} + ${30 * DAY}`, "gc.n * 7");
    run(
      `
      INSERT INTO "Course" (id, titulo, imagen, bienvenida, duracionHoras, dirigidoA, estado, publicadoEn,
                            fechaInicio, fechaTermino, herramientas, loAprenderan, cantidadParticipantes,
                            creadoPorId, createdAt, updatedAt)
      SELECT gc.id, p.w || ' ' || t.w || ' ' || c.w || ' (grupo ' || gc.n || ')',
             CASE WHEN gc.n % 5 = 0 THEN NULL ELSE (SELECT k FROM w_img WHERE i = gc.n % ${NI}) END,
             'Bienvenidos y bienvenidas al curso de ' || t.w || '. Aprenderemos haciendo, en grupo y a nuestro ritmo.',
             4 + ${h("gc.n", 22)} % 60,
             CASE gc.n % 10 WHEN 4 THEN 'estudiante' WHEN 5 THEN 'estudiante' WHEN 6 THEN 'docente'
                            WHEN 7 THEN 'docente' WHEN 8 THEN 'comunidad' WHEN 9 THEN 'comunidad' ELSE 'general' END,
             CASE WHEN gc.pub THEN 'publicado' ELSE 'borrador' END,
             CASE WHEN gc.pub THEN ${created} END,
             ${ago(`${h("gc.n", 21)} % ${3 * YEAR}`)}, ${ago(`${h("gc.n", 21)} % ${3 * YEAR} - ${120 * DAY}`)},
             json_array((SELECT w FROM w_herr WHERE i = gc.n % ${NH}), (SELECT w FROM w_herr WHERE i = (gc.n + 3) % ${NH})),
             json_array('Conceptos básicos de ' || t.w, 'Aplicar ' || t.w || ' ' || c.w, 'Trabajar en equipo'),
             0, ?, ${created}, ${created}
      FROM gc
      JOIN w_prefijo p ON p.i = ${h("gc.n", 23)} % ${NP}
      JOIN w_tema t ON t.i = ${h("gc.n", 24)} % ${NT}
      JOIN w_contexto c ON c.i = ${h("gc.n", 25)} % ${NC}`,
      adminId,
    );

    // The title's search form, as the course services write it (courseTitleFields).
    db.exec(`UPDATE "Course" SET tituloBusqueda = fold(titulo) WHERE tituloBusqueda = ''`);

    // Modules: 0, 1 or 2 per course (one per course on average), two questions each, three
    // options per question with exactly one correct.
    db.exec(`CREATE TEMP TABLE gm (n INTEGER PRIMARY KEY, id TEXT NOT NULL, cn INTEGER NOT NULL, p INTEGER NOT NULL)`);
    run(
      `INSERT INTO gm (id, cn, p) SELECT ${cuid}, gc.n, pos.p FROM gc JOIN pos ON pos.p < gc.n % 3 ORDER BY gc.n, pos.p`,
    );
    run(`
      INSERT INTO "Module" (id, cursoId, posicion, titulo, descripcion, createdAt, updatedAt)
      SELECT gm.id, gc.id, gm.p, 'Módulo ' || (gm.p + 1) || ': ' || t.w,
             'Actividades guiadas de ' || t.w || ' con ejemplos de la vida cotidiana.',
             ${ago(`${h("gc.n", 21)} % ${3 * YEAR} + ${29 * DAY}`)}, ${ago(`${h("gc.n", 21)} % ${3 * YEAR} + ${29 * DAY}`)}
      FROM gm JOIN gc ON gc.n = gm.cn JOIN w_tema t ON t.i = ${h("gm.n", 26)} % ${NT}`);
    db.exec(`CREATE TEMP TABLE gq (n INTEGER PRIMARY KEY, id TEXT NOT NULL, mn INTEGER NOT NULL, p INTEGER NOT NULL)`);
    run(`INSERT INTO gq (id, mn, p) SELECT ${cuid}, gm.n, pos.p FROM gm JOIN pos ON pos.p < 2 ORDER BY gm.n, pos.p`);
    run(`
      INSERT INTO "QuizQuestion" (id, moduloId, posicion, texto)
      SELECT gq.id, gm.id, gq.p, q.w || ' ' || t.w || '?'
      FROM gq JOIN gm ON gm.n = gq.mn
      JOIN w_pregunta q ON q.i = gq.n % ${NQ} JOIN w_tema t ON t.i = ${h("gm.n", 26)} % ${NT}`);
    run(`
      INSERT INTO "QuizOption" (id, preguntaId, posicion, texto, correcta)
      SELECT ${cuid}, gq.id, pos.p, o.w, pos.p = gq.n % 3
      FROM gq JOIN pos ON pos.p < 3 JOIN w_opcion o ON o.i = (gq.n + pos.p) % ${NO}`);

    // Enrolments: five per generated user, in five disjoint blocks of the published courses (so
    // userId+cursoId is unique), skewed towards each block's first courses (a few popular ones
    // with thousands of participants). The demo estudiante takes ~1 000 courses, the demo
    // docente and comunidad ~200 each.
    db.exec(`CREATE TEMP TABLE pc (n INTEGER PRIMARY KEY, id TEXT NOT NULL, cn INTEGER NOT NULL)`);
    run(`INSERT INTO pc (id, cn) SELECT id, n FROM gc WHERE pub ORDER BY n`);
    const published = count("pc");
    const block = Math.floor(published / 5);
    const pick = h("gu.n * 5 + pos.p", 31);
    run(`
      INSERT INTO "Enrolment" (id, userId, cursoId, progreso, registradoEn, finalizadoEn)
      SELECT ${cuid}, gu.id, pc.id,
             CASE WHEN ${h("gu.n + pos.p", 32)} % 10 = 9 THEN 100 ELSE (${h("gu.n + pos.p", 32)} % 10) * 10 END,
             ${ago(`${h("gu.n * 5 + pos.p", 33)} % ${2 * YEAR}`, "gu.n + pos.p")},
             CASE WHEN ${h("gu.n + pos.p", 32)} % 10 = 9 THEN ${ago(`${h("gu.n * 5 + pos.p", 33)} % ${YEAR}`)} END
      FROM gu JOIN pos ON pos.p < 5
      JOIN pc ON pc.n = pos.p * ${block} + (${pick} % ${block}) * (${pick} % ${block}) / ${block}
                                     * (${pick} % ${block}) / ${block} + 1`);
    const demoEnrol = (userId: string, every: number, offset: number) =>
      run(
        `INSERT INTO "Enrolment" (id, userId, cursoId, progreso, registradoEn)
         SELECT ${cuid}, ?, pc.id, (pc.n % 11) * 10, ${ago(`${h("pc.n", 34)} % ${YEAR}`, "pc.n")}
         FROM pc WHERE pc.n % ${every} = ${offset}`,
        userId,
      );
    demoEnrol(studentId, Math.max(1, Math.round(published / 1000)), 3);
    demoEnrol(docenteId, Math.max(1, Math.round(published / 200)), 5);
    demoEnrol(comunidadId, Math.max(1, Math.round(published / 200)), 7);
    // Participant counters follow the rows exactly, as the app keeps them.
    run(`
      UPDATE "Course" SET cantidadParticipantes = e.c
      FROM (SELECT cursoId, count(*) AS c FROM "Enrolment" GROUP BY cursoId) AS e
      WHERE e.cursoId = "Course".id AND "Course".cantidadParticipantes <> e.c`);

    // Messages: 30 % to the demo estudiante, 20 % to the demo admin, the rest between generated
    // users; every 50th from the demo docente. 60 % read.
    run(
      `
      ${series(nMessages)}
      INSERT INTO "Message" (id, fromId, toId, "from", fromName, fromRole, "to", subject, content, leidoEn, createdAt)
      SELECT ${cuid}, snd.id, rcp.id, snd.correo, snd.nombre || ' ' || snd.apellido, snd.rol, rcp.correo,
             a.w || ' (' || s.n || ')', f1.w || ' ' || f2.w || ' ' || f3.w,
             CASE WHEN s.n % 5 < 3 THEN ${ago(`${h("s.n", 41)} % ${YEAR} - 3600`)} END,
             ${ago(`${h("s.n", 41)} % ${YEAR}`, "s.n")}
      FROM s
      JOIN "User" snd ON snd.id = CASE WHEN s.n % 50 = 1 THEN ?
                                       ELSE (SELECT id FROM gu WHERE gu.n = ${h("s.n", 42)} % ${nUsers} + 1) END
      JOIN "User" rcp ON rcp.id = CASE WHEN s.n % 10 < 3 THEN ? WHEN s.n % 10 < 5 THEN ?
                                       ELSE (SELECT id FROM gu WHERE gu.n = ${h("s.n", 43)} % ${nUsers} + 1) END
      JOIN w_asunto a ON a.i = ${h("s.n", 44)} % ${NS}
      JOIN w_frase f1 ON f1.i = ${h("s.n", 45)} % ${NF}
      JOIN w_frase f2 ON f2.i = ${h("s.n", 46)} % ${NF}
      JOIN w_frase f3 ON f3.i = ${h("s.n", 47)} % ${NF}`,
      docenteId,
      studentId,
      adminId,
    );

    // Books: the files are not there (the list pages never open them).
    run(`
      ${series(nBooks)}
      INSERT INTO "Book" (id, title, author, pages, description, pdfKey, pdfSize, searchText, createdAt, updatedAt)
      SELECT x.id, x.title, x.author, 40 + ${h("x.n", 51)} % 360,
             'Un recorrido por ' || x.tema || ' con ejemplos de escuelas y comunidades del sur de Chile.',
             'books/' || ${uuid} || '.pdf', 200000 + ${h("x.n", 52)} % 9000000, fold(x.title || ' ' || x.author),
             ${ago(`${h("x.n", 53)} % ${3 * YEAR}`, "x.n")}, ${ago(`${h("x.n", 53)} % ${3 * YEAR}`, "x.n")}
      FROM (SELECT s.n AS n, ${cuid} AS id, l.w || ' ' || t.w || ' (volumen ' || s.n || ')' AS title,
                   fn.w || ' ' || ln.w AS author, t.w AS tema
            FROM s
            JOIN w_libro l ON l.i = ${h("s.n", 54)} % ${NL}
            JOIN w_tema t ON t.i = ${h("s.n", 55)} % ${NT}
            JOIN w_nombre fn ON fn.i = ${h("s.n", 56)} % ${NN}
            JOIN w_apellido ln ON ln.i = ${h("s.n", 57)} % ${NA}) AS x`);
    // Their words, as the service writes them (book-words.ts), so the server's start-up
    // backfill has nothing to do during the measurement.
    run(`
      INSERT INTO "BookWord" (bookId, word, createdAt)
      SELECT b.id, j.value, b.createdAt FROM "Book" b, json_each(search_words(b.searchText)) j
      WHERE NOT EXISTS (SELECT 1 FROM "BookWord" w WHERE w.bookId = b.id)`);

    // Sent (and a few failed) mails for the admin's outbox: none pending, so the server's
    // sender has nothing to do.
    run(`
      ${series(nOutbox)}
      INSERT INTO "OutboxMail" (id, "to", subject, text, kind, status, attempts, nextAttemptAt, lastError, sentAt,
                                createdAt)
      SELECT ${cuid}, u.correo, 'Tu cuenta en Academia fue aprobada',
             'Hola ' || u.nombre || ': ya puedes ingresar a Academia con tu correo.', 'user.approved',
             CASE WHEN s.n % 10 = 0 THEN 'failed' ELSE 'sent' END, CASE WHEN s.n % 10 = 0 THEN 8 ELSE 1 END,
             ${ago(`${h("s.n", 61)} % ${YEAR}`)},
             CASE WHEN s.n % 10 = 0 THEN 'connect ECONNREFUSED 127.0.0.1:25' END,
             CASE WHEN s.n % 10 <> 0 THEN ${ago(`${h("s.n", 61)} % ${YEAR}`)} END,
             ${ago(`${h("s.n", 61)} % ${YEAR}`, "s.n")}
      FROM s JOIN gu ON gu.n = ${h("s.n", 62)} % ${nUsers} + 1 JOIN "User" u ON u.id = gu.id`);

    // Contact form submissions over a year, for the admin's contact list.
    run(`
      ${series(nContact)}
      INSERT INTO "ContactMessage" (id, nombre, correo, mensaje, ip, createdAt)
      SELECT ${cuid}, u.nombre || ' ' || u.apellido, u.correo,
             'Hola, quisiera saber si los cursos de ' || c.titulo || ' entregan certificado y cuándo comienza ' ||
             'la próxima versión. Trabajo en una escuela rural y me interesa inscribir a mis colegas. Gracias.',
             '10.0.' || (s.n % 250) || '.' || (s.n % 200), ${ago(`${h("s.n", 71)} % ${YEAR}`, "s.n")}
      FROM s JOIN gu ON gu.n = ${h("s.n", 72)} % ${nUsers} + 1 JOIN "User" u ON u.id = gu.id
             JOIN gc ON gc.n = ${h("s.n", 73)} % ${nCourses} + 1 JOIN "Course" c ON c.id = gc.id`);

    // Quiz attempts with their answers, and certificates.
    addQuizActivity(db, { cuid, ago, h });

    // A bank of 200 questions asking 2 per attempt (docs/decisions/045-served-attempts.md) in the
    // first quiz module of every course the demo estudiante takes (the quiz row measures one of
    // them), with that learner's open attempt there: the page reads the whole bank and serves two.
    db.exec(`CREATE TEMP TABLE bm (n INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE)`);
    run(
      `INSERT OR IGNORE INTO bm (id) SELECT m.id FROM "Enrolment" e JOIN "Module" m ON m.cursoId = e.cursoId
       AND m.posicion = (SELECT min(m2.posicion) FROM "Module" m2 WHERE m2.cursoId = e.cursoId
                         AND EXISTS (SELECT 1 FROM "QuizQuestion" q WHERE q.moduloId = m2.id))
       WHERE e.userId = ?`,
      studentId,
    );
    db.exec(`CREATE TEMP TABLE bq (n INTEGER PRIMARY KEY, id TEXT NOT NULL, mid TEXT NOT NULL, p INTEGER NOT NULL)`);
    run(`
      WITH RECURSIVE bp(p) AS (SELECT 0 UNION ALL SELECT p + 1 FROM bp WHERE p < 199)
      INSERT INTO bq (id, mid, p) SELECT ${cuid}, bm.id, bp.p FROM bm JOIN bp
      ON bp.p >= (SELECT count(*) FROM "QuizQuestion" q WHERE q.moduloId = bm.id) ORDER BY bm.n, bp.p`);
    run(`INSERT INTO "QuizQuestion" (id, moduloId, posicion, texto)
         SELECT id, mid, p, 'Pregunta ' || (p + 1) || ' del banco' FROM bq`);
    run(`INSERT INTO "QuizOption" (id, preguntaId, posicion, texto, correcta)
         SELECT ${cuid}, bq.id, pos.p, 'Opción ' || (pos.p + 1), pos.p = bq.n % 3 FROM bq JOIN pos ON pos.p < 3`);
    run(`UPDATE "Module" SET preguntasPorIntento = 2 WHERE id IN (SELECT id FROM bm)`);
    run(
      `INSERT INTO "OpenAttempt" (id, userId, moduloId, comenzadoEn, servido)
       SELECT ${cuid}, ?, bm.id, ${ago("0")}, (
         SELECT json_group_array(json_object('p', q.id, 'o', json((
           SELECT json_group_array(o.id) FROM (SELECT id FROM "QuizOption" WHERE preguntaId = q.id ORDER BY posicion) o))))
         FROM (SELECT id FROM "QuizQuestion" WHERE moduloId = bm.id ORDER BY posicion LIMIT 2) q)
       FROM bm`,
      studentId,
    );
    for (const table of ["bm", "bq"]) db.exec(`DROP TABLE temp.${table}`);

    for (const table of ["gu", "gc", "gm", "gq", "pc"]) db.exec(`DROP TABLE temp.${table}`);
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    db.close();
    throw error;
  }
  fillSearchWords(db);
  const violations = db.prepare("PRAGMA foreign_key_check").all();
  if (violations.length > 0) throw new Error(`foreign key violations: ${JSON.stringify(violations.slice(0, 5))}`);
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  const totals: LargeDbCounts = {};
  const added: LargeDbCounts = {};
  for (const table of TABLES) {
    totals[table] = count(table);
    added[table] = totals[table] - before[table]!;
  }
  db.close();
  return { ms: Math.round(performance.now() - started), added, totals };
}

/** One line per table: rows added, and the total. */
/**
 * The catalog's and the accounts' words (CourseWord, UserWord), as the services write
 * them (courseSearchWords, userSearchWords), for every row without them, so the server's start-up
 * backfill has nothing to do during the measurement.
 */
function fillSearchWords(db: DatabaseSync) {
  const list = (value: unknown): unknown => {
    try {
      return JSON.parse(String(value ?? "[]"));
    } catch {
      return [];
    }
  };
  db.function("course_words", { deterministic: true }, (titulo, bienvenida, herramientas, loAprenderan) =>
    JSON.stringify(
      courseSearchWords({
        titulo: String(titulo ?? ""),
        bienvenida: String(bienvenida ?? ""),
        herramientas: list(herramientas),
        loAprenderan: list(loAprenderan),
      }),
    ),
  );
  db.function("user_words", { deterministic: true }, (nombre, apellido, correo) =>
    JSON.stringify(userSearchWords({ nombre: String(nombre), apellido: String(apellido), correo: String(correo) })),
  );
  db.exec("BEGIN");
  db.exec(`INSERT INTO "CourseWord" (courseId, word)
    SELECT c.id, j.value FROM "Course" c, json_each(course_words(c.titulo, c.bienvenida, c.herramientas, c.loAprenderan)) j
    WHERE NOT EXISTS (SELECT 1 FROM "CourseWord" w WHERE w.courseId = c.id)`);
  db.exec(`INSERT INTO "UserWord" (userId, word)
    SELECT u.id, j.value FROM "User" u, json_each(user_words(u.nombre, u.apellido, u.correo)) j
    WHERE NOT EXISTS (SELECT 1 FROM "UserWord" w WHERE w.userId = u.id)`);
  db.exec("COMMIT");
}

export function formatCounts({ added, totals }: LargeDbResult): string {
  return Object.keys(totals)
    .map(
      (t) =>
        `  ${t.padEnd(13)} +${added[t]!.toLocaleString("es-CL").padStart(9)}  = ${totals[t]!.toLocaleString("es-CL")}`,
    )
    .join("\n");
}

if (import.meta.filename === path.resolve(process.argv[1] ?? "")) {
  const file = process.argv[2];
  if (!file) {
    console.error("Uso: node scripts/bench/large-db.ts <archivo sqlite> [escala]");
    process.exit(2);
  }
  const scale = Number(process.argv[3] ?? process.env.BENCH_SCALE_FACTOR ?? 1);
  const result = generateLargeDb(path.resolve(file), scale);
  console.log(`Base grande generada en ${(result.ms / 1000).toFixed(1)} s (${file}):\n${formatCounts(result)}`);
}
