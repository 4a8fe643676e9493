// The route × identity table (docs/product.md#security): every guarded page and API call refuses
// who it must, through the whole production stack. HTTP only, so it runs in one project.
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import {
  DEMO_ADMIN,
  DEMO_COMUNIDAD,
  DEMO_DOCENTE,
  DEMO_ESTUDIANTE,
  DEMO_PASSWORD,
  DEMO_PENDIENTE,
} from "../prisma/demo-accounts.ts";
import { seedClass } from "./class-progress-setup.ts";
import { PNG_1PX } from "./support.ts";

type Identity = "visitante" | "pendiente" | "estudiante" | "comunidad" | "docente" | "admin";
const ACCOUNTS: Record<Exclude<Identity, "visitante">, string> = {
  pendiente: DEMO_PENDIENTE.correo,
  estudiante: DEMO_ESTUDIANTE.correo,
  comunidad: DEMO_COMUNIDAD.correo,
  docente: DEMO_DOCENTE.correo,
  admin: DEMO_ADMIN.correo,
};
const IDENTITIES: Identity[] = ["visitante", "pendiente", "estudiante", "comunidad", "docente", "admin"];
const PANEL = new Set<Identity>(["estudiante", "comunidad", "docente"]);
const anonymous = (who: Identity) => who === "visitante" || who === "pendiente";
/** Who passes a course page's guard before its course is looked up: admins and docentes. */
const manages = (who: Identity) => who === "admin" || who === "docente";

/** What a page answers: 200, "login" (302 → /login?redirectTo=…), "home" (302 → /) or a path. */
function pageRule(kind: "admin" | "docente" | "user" | "signed-in" | "public") {
  return (who: Identity): string => {
    const signedIn = who !== "visitante" && who !== "pendiente";
    if (kind === "public") return "200";
    if (!signedIn) return "login";
    if (kind === "signed-in") return "200";
    if (kind === "admin") return who === "admin" ? "200" : "home";
    if (kind === "docente") return who === "docente" ? "200" : "home";
    return PANEL.has(who) ? "200" : "home";
  };
}

const PAGES: Array<[string, (who: Identity) => string]> = [
  ["/", pageRule("public")],
  ["/cursos", pageRule("public")],
  ["/cursos?q=programacion", pageRule("public")],
  // The audience lists: their short addresses have their own routes (routes.ts).
  ["/cursos/docente", pageRule("public")],
  ["/cursos/dirigido/comunidad", pageRule("public")],
  ["/contacto", pageRule("public")],
  ["/privacidad", pageRule("public")],
  // A certificate's code typed by hand: public, like its verification page.
  ["/certificados/verificar", pageRule("public")],
  // An opt-out link whose signature is not ours: the same 404 page for everyone.
  ["/avisos/baja/x.y", () => "404 "],
  // A calendar feed whose token is unknown (or renewed since): a bare 404 for everyone
  // (docs/product.md#due-dates); a known token answers without a session (e2e/due-dates.spec.ts).
  ["/calendario/no-existe.ics", () => "404 "],
  ["/calendario/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics", () => "404 "],
  ["/biblioteca", pageRule("signed-in")],
  // A book's first pages as images (its preview on a phone): signed-in people only.
  ["/biblioteca/no-existe/paginas/1", (who) => (anonymous(who) ? "login" : "404 ")],
  // Operations (docs/decisions/030-logs-metrics-restarts.md): liveness and readiness are public;
  // /metrics takes its bearer token only, never a session, not even an admin's.
  ["/healthz", pageRule("public")],
  ["/healthz/ready", pageRule("public")],
  ["/metrics", () => "401 "],
  // An e-mail confirmation link that is not (or no longer) valid: the same 404 page for everyone.
  ["/confirmar-correo/no-existe", () => "404 "],
  // Password recovery: the form is for everyone; an unknown link is the same 404 page for everyone.
  ["/recuperar", pageRule("public")],
  ["/recuperar/no-existe", () => "404 "],
  // A sign-in card's link (docs/product.md#sign-in-cards): an unknown token is the same 404 page for everyone.
  ["/entrar/no-existe", () => "404 "],
  // 'Descargar mis datos': the signed-in person's own ZIP, whatever their role.
  ["/mis-datos", pageRule("signed-in")],
  // Notifications: the signed-in person's own, whatever their role.
  ["/notificaciones", pageRule("signed-in")],
  // An invitation to a class: its invitee's own; anyone else's, or none, is the same 404 page.
  ["/invitaciones/no-existe", (who) => (anonymous(who) ? "login" : "404 ")],
  // A class's link (docs/decisions/041): sign in first; a code no class has is the same 404 page.
  ["/clases/unirse/AAAAAAAA", (who) => (anonymous(who) ? "login" : "404 ")],
  ["/admin/records/x/enlace-contrasena", (who) => (who === "admin" ? "404 " : pageRule("admin")(who))],
  ["/admin/records/x/corregir", (who) => (who === "admin" ? "404 " : pageRule("admin")(who))],
  ["/registro/confirmar/no-existe", () => "404 "],
  ["/registro/autorizar/no-existe", () => "404 "],
  // The admin's old addresses of a course's pages answer with the page's one address, to anyone
  // (docs/decisions/036-one-course-management-tree.md); the page then guards itself.
  ...(
    [
      ["new", "nuevo"],
      ["edit/x", "x/editar"],
      ["edit/x/archivos", "x/editar/archivos"],
      ["participantes/x", "x/participantes"],
      ["participantes/x/csv", "x/participantes/csv"],
      ["reportes/x", "x/reportes"],
      ["calificaciones/x", "x/calificaciones"],
      ["calificaciones/x/csv", "x/calificaciones/csv"],
      ["clases/x", "x/clases"],
      ["clases/x/y", "x/clases/y"],
      ["clases/x/y/progreso", "x/clases/y/progreso"],
      ["clases/x/y/escribir", "x/clases/y/escribir"],
      ["clases/x/y/notas.csv", "x/clases/y/notas.csv"],
      ["clases/x/y/importar", "x/clases/y/importar"],
      ["avisos/x", "x/avisos"],
    ] as const
  ).map(([old, now]) => [`/admin/courses/${old}`, () => `301 /docente/cursos/${now}`] as [string, () => string]),
  // A course's announcements to its learners (docs/product.md#announcements): a visitor signs in
  // first; an unknown course is not found for anyone signed in.
  ["/cursos/x/avisos", (who) => (anonymous(who) ? "login" : "404 ")],
  // A module's questions (docs/product.md#module-questions): its learners and team; the team's
  // unanswered across the course. A visitor signs in first; an unknown course is not found.
  ["/cursos/x/modulos/0/preguntas", (who) => (anonymous(who) ? "login" : "404 ")],
  ["/cursos/x/preguntas", (who) => (anonymous(who) ? "login" : "404 ")],
  // A tarea's attachment (docs/product.md#setting-a-tarea): its team and the learners it is for; a
  // visitor signs in first; an unknown one is not found for anyone signed in.
  ["/cursos/x/tareas/y/adjuntos/z", (who) => (anonymous(who) ? "login" : "404 ")],
  // A tarea and a hand-in's file (docs/product.md#handing-in): sign in first; unknown ids are the same 404.
  ["/cursos/x/tareas/y", (who) => (anonymous(who) ? "login" : "404 ")],
  ["/cursos/x/tareas/y/entregas/z/archivos/w", (who) => (anonymous(who) ? "login" : "404 ")],
  ...[
    "/admin",
    "/admin/courses",
    "/admin/records",
    "/admin/records?ver=x",
    "/admin/records/importar",
    "/admin/profile",
    "/admin/messages",
    "/admin/library",
    "/admin/otra-cosa",
  ].map((p) => [p, pageRule("admin")] as [string, (who: Identity) => string]),
  // The teacher's panel (docs/product.md#course-teams): docentes only. A course's pages: admins and
  // docentes (a course whose team does not list the docente is not found, like an unknown one).
  ["/docente", pageRule("docente")],
  // The screens she shares with the other panels, in hers, and 'Para revisar' (docs/decisions/042-the-teachers-day.md).
  ...["/docente/profile", "/docente/courses", "/docente/certificates", "/docente/messages", "/docente/revisar"].map(
    (p) => [p, pageRule("docente")] as [string, (who: Identity) => string],
  ),
  ["/docente/cursos/nuevo", (who) => (who === "admin" ? "200" : pageRule("docente")(who))],
  ...[
    "editar",
    "participantes",
    "participantes/csv",
    "reportes",
    "calificaciones",
    "calificaciones/csv",
    "calificaciones/importar",
    "clases",
    "clases/y",
    "clases/x/progreso",
    "clases/x/escribir",
    "clases/x/notas.csv",
    // A class's 'Importar lista' (docs/product.md#importing-a-list-into-a-class).
    "clases/y/importar",
    // 'Tarjetas de acceso' of a class (docs/product.md#sign-in-cards).
    "clases/y/tarjetas",
    "avisos",
    // A course's tareas and a tarea's edit page (docs/product.md#setting-a-tarea).
    "tareas",
    "tareas/y/editar",
    // A tarea's hand-ins and one hand-in's review (docs/product.md#returning-a-hand-in).
    "tareas/y/entregas",
    "tareas/y/entregas/z",
  ].map(
    (p) =>
      [`/docente/cursos/x/${p}`, (who: Identity) => (manages(who) ? "404 " : pageRule("docente")(who))] as [
        string,
        (who: Identity) => string,
      ],
  ),
  ...[
    "/user",
    "/user/profile",
    "/user/courses",
    "/user/messages",
    "/user/avisos",
    "/user/calendario",
    "/user/otra-cosa",
  ].map((p) => [p, pageRule("user")] as [string, (who: Identity) => string]),
];

const API: Array<[string, string, (who: Identity) => number]> = [
  ["GET", "/api/auth/users", (who) => (who === "admin" ? 200 : who === "visitante" || who === "pendiente" ? 401 : 403)],
  [
    "PUT",
    "/api/auth/approve/no-existe",
    (who) => (who === "admin" ? 404 : who === "visitante" || who === "pendiente" ? 401 : 403),
  ],
  [
    "DELETE",
    "/api/auth/users/no-existe",
    (who) => (who === "admin" ? 404 : who === "visitante" || who === "pendiente" ? 401 : 403),
  ],
  ["PUT", "/api/auth/suspend/no-existe", (who) => (who === "admin" ? 404 : anonymous(who) ? 401 : 403)],
  // 'Importar usuarios' and the bulk actions: admin only; an admin's empty body is a 400.
  ["POST", "/api/admin/usuarios/importar", (who) => (who === "admin" ? 400 : anonymous(who) ? 401 : 403)],
  ["POST", "/api/admin/usuarios/aprobar", (who) => (who === "admin" ? 400 : anonymous(who) ? 401 : 403)],
  ["POST", "/api/admin/usuarios/suspender", (who) => (who === "admin" ? 400 : anonymous(who) ? 401 : 403)],
  // A class's list: the course's team (an admin manages every course: the unknown class is a 404).
  ["POST", "/api/cursos/x/clases/y/importar", (who) => (who === "admin" ? 404 : anonymous(who) ? 401 : 403)],
  // Logout ends a Bearer token; a session cookie alone is not one (browsers use /salir).
  ["POST", "/api/auth/logout", () => 401],
  // Public, whoever calls: without a body, 400.
  ["POST", "/api/auth/forgot-password", () => 400],
  ["POST", "/api/auth/reset-password", () => 400],
  // A signed-in caller (token or, from the site, the session cookie) changes its own password: no body → 400.
  ["POST", "/api/auth/change-password", (who) => (anonymous(who) ? 401 : 400)],
  // Deleting one's own account needs the password in the body: without one, 400 and nothing deleted.
  ["DELETE", "/api/auth/cuenta", (who) => (anonymous(who) ? 401 : 400)],
  // One's own data as a ZIP (token or, from the site, the session cookie).
  ["GET", "/api/auth/mis-datos", (who) => (anonymous(who) ? 401 : 200)],
  ["GET", "/api/auth/proximas-fechas", (who) => (anonymous(who) ? 401 : 200)],
  ["GET", "/api/auth/no-existe/cursos-inscritos", (who) => (who === "admin" ? 404 : anonymous(who) ? 401 : 403)],
  ["DELETE", "/api/auth/usuario/cursos-inscritos/no-existe", (who) => (anonymous(who) ? 401 : 404)],
  ["POST", "/api/cursos/no-existe/registrarParticipante", (who) => (anonymous(who) ? 401 : 404)],
  ["GET", "/api/cursos/no-existe/cantidadParticipantes", (who) => (anonymous(who) ? 401 : 404)],
  ["GET", "/api/cursos/lista", () => 200],
  ["GET", "/api/cursos/destacados", () => 200],
  ["GET", "/api/cursos/no-existe", () => 404],
  // Course administration: admin (or the course's team), whatever the body (none here: 400 or 404).
  // A docente may create a course of their own: without a body, 400.
  ["POST", "/api/cursos", (who) => (who === "admin" || who === "docente" ? 400 : anonymous(who) ? 401 : 403)],
  ["GET", "/api/cursos/no-existe/equipo", (who) => (who === "admin" ? 404 : anonymous(who) ? 401 : 403)],
  ["PUT", "/api/cursos/no-existe/equipo", (who) => (who === "admin" ? 400 : anonymous(who) ? 401 : 403)],
  ["POST", "/api/cursos/no-existe/equipo", (who) => (who === "admin" ? 400 : anonymous(who) ? 401 : 403)],
  ["PUT", "/api/cursos/no-existe/revision", (who) => (who === "admin" ? 404 : anonymous(who) ? 401 : 403)],
  ["DELETE", "/api/cursos/no-existe/revision", (who) => (who === "admin" ? 400 : anonymous(who) ? 401 : 403)],
  ["PUT", "/api/cursos/no-existe", (who) => (who === "admin" ? 400 : anonymous(who) ? 401 : 403)],
  ["PATCH", "/api/cursos/no-existe", (who) => (who === "admin" ? 400 : anonymous(who) ? 401 : 403)],
  ["DELETE", "/api/cursos/no-existe", (who) => (who === "admin" ? 404 : anonymous(who) ? 401 : 403)],
  ["PUT", "/api/cursos/no-existe/publicar", (who) => (who === "admin" ? 404 : anonymous(who) ? 401 : 403)],
  // A private course's 'Lista para la clase' (docs/decisions/039-private-courses.md): its team.
  ["PUT", "/api/cursos/no-existe/lista-para-la-clase", (who) => (who === "admin" ? 404 : anonymous(who) ? 401 : 403)],
  [
    "DELETE",
    "/api/cursos/no-existe/lista-para-la-clase",
    (who) => (who === "admin" ? 404 : anonymous(who) ? 401 : 403),
  ],
  ["GET", "/api/cursos/no-existe/participantes", (who) => (who === "admin" ? 404 : anonymous(who) ? 401 : 403)],
  // A course's classes: its team; an admin's empty body is a 400. Joining with a code: anyone signed in.
  ["GET", "/api/cursos/no-existe/clases", (who) => (who === "admin" ? 404 : anonymous(who) ? 401 : 403)],
  ["POST", "/api/cursos/no-existe/clases", (who) => (who === "admin" ? 400 : anonymous(who) ? 401 : 403)],
  ["POST", "/api/clases/unirse", (who) => (anonymous(who) ? 401 : 400)],
  ["POST", "/api/clases/invitaciones/no-existe", (who) => (anonymous(who) ? 401 : 400)],
  // A new password or card for one pupil: the class's team; an unknown class is not found for anyone.
  ["POST", "/api/clases/no-existe/estudiantes/x/clave", (who) => (anonymous(who) ? 401 : 404)],
  ["POST", "/api/clases/no-existe/estudiantes/x/tarjeta", (who) => (anonymous(who) ? 401 : 404)],
  // Notifications: each person's own; an empty body is a 400.
  ["GET", "/api/notificaciones", (who) => (anonymous(who) ? 401 : 200)],
  ["POST", "/api/notificaciones/leidas", (who) => (anonymous(who) ? 401 : 400)],
  ["GET", "/api/notificaciones/preferencias", (who) => (anonymous(who) ? 401 : 200)],
  ["PUT", "/api/notificaciones/preferencias", (who) => (anonymous(who) ? 401 : 400)],
  // A course's announcements: read by its learners and team (an unknown course: 404 for anyone
  // signed in), written by its team (an admin's empty body is a 400).
  ["GET", "/api/cursos/no-existe/avisos", (who) => (anonymous(who) ? 401 : 404)],
  ["POST", "/api/cursos/no-existe/avisos", (who) => (who === "admin" ? 400 : anonymous(who) ? 401 : 403)],
  ["PUT", "/api/cursos/no-existe/avisos/no-existe", (who) => (who === "admin" ? 400 : anonymous(who) ? 401 : 403)],
  ["DELETE", "/api/cursos/no-existe/avisos/no-existe", (who) => (who === "admin" ? 404 : anonymous(who) ? 401 : 403)],
  // A course's tareas (docs/product.md#setting-a-tarea): read by its learners and team, set by its
  // team (an admin's empty body is a 400); one tarea: an unknown id is a 404 for anyone signed in.
  ["GET", "/api/cursos/no-existe/tareas", (who) => (anonymous(who) ? 401 : 404)],
  ["POST", "/api/cursos/no-existe/tareas", (who) => (who === "admin" ? 400 : anonymous(who) ? 401 : 403)],
  ["GET", "/api/tareas/no-existe", (who) => (anonymous(who) ? 401 : 404)],
  ["PUT", "/api/tareas/no-existe", (who) => (anonymous(who) ? 401 : 404)],
  ["DELETE", "/api/tareas/no-existe", (who) => (anonymous(who) ? 401 : 404)],
  // A gradebook's manual columns and their notas: the course's team only (an admin's missing body is a 400).
  [
    "GET",
    "/api/cursos/no-existe/calificaciones/columnas",
    (who) => (who === "admin" ? 404 : anonymous(who) ? 401 : 403),
  ],
  [
    "POST",
    "/api/cursos/no-existe/calificaciones/columnas",
    (who) => (who === "admin" ? 400 : anonymous(who) ? 401 : 403),
  ],
  [
    "PUT",
    "/api/cursos/no-existe/calificaciones/columnas/no-existe",
    (who) => (who === "admin" ? 400 : anonymous(who) ? 401 : 403),
  ],
  [
    "DELETE",
    "/api/cursos/no-existe/calificaciones/columnas/no-existe",
    (who) => (who === "admin" ? 404 : anonymous(who) ? 401 : 403),
  ],
  [
    "PUT",
    "/api/cursos/no-existe/calificaciones/columnas/no-existe/notas/no-existe",
    (who) => (who === "admin" ? 400 : anonymous(who) ? 401 : 403),
  ],
  [
    "POST",
    "/api/cursos/no-existe/calificaciones/columnas/no-existe/importar",
    (who) => (who === "admin" ? 400 : anonymous(who) ? 401 : 403),
  ],
  [
    "GET",
    "/api/cursos/no-existe/calificaciones/ponderacion",
    (who) => (who === "admin" ? 404 : anonymous(who) ? 401 : 403),
  ],
  [
    "PUT",
    "/api/cursos/no-existe/calificaciones/ponderacion",
    (who) => (who === "admin" ? 400 : anonymous(who) ? 401 : 403),
  ],
  // A module's questions: read and asked by the course's learners (an unknown course: 404 for
  // anyone signed in); a question's edit, marks and answers need a body first (400), its deletion
  // an existing question (404).
  ["GET", "/api/cursos/no-existe/modulos/0/preguntas", (who) => (anonymous(who) ? 401 : 404)],
  // 'Para revisar': a docente's own.
  ["GET", "/api/docente/revisar", (who) => (who === "docente" ? 200 : anonymous(who) ? 401 : 403)],
  // Tareas (docs/product.md#returning-a-hand-in): the hand-ins waiting, a docente's or an admin's
  // own courses'; a review of no hand-in is not found.
  ["GET", "/api/docente/entregas", (who) => (manages(who) ? 200 : anonymous(who) ? 401 : 403)],
  ["PUT", "/api/entregas/no-existe/revision", (who) => (anonymous(who) ? 401 : 404)],
  ["POST", "/api/cursos/no-existe/modulos/0/preguntas", (who) => (anonymous(who) ? 401 : 404)],
  ["POST", "/api/cursos/no-existe/modulos/0/intentos", (who) => (anonymous(who) ? 401 : 404)],
  ["PUT", "/api/preguntas/no-existe", (who) => (anonymous(who) ? 401 : 400)],
  ["DELETE", "/api/preguntas/no-existe", (who) => (anonymous(who) ? 401 : 404)],
  // Handing in (docs/product.md#handing-in): a tarea or hand-in nobody has is a 404 for everyone signed in.
  ["GET", "/api/tareas/no-existe/entregas", (who) => (anonymous(who) ? 401 : 404)],
  ["POST", "/api/tareas/no-existe/entregas", (who) => (anonymous(who) ? 401 : 404)],
  ["DELETE", "/api/entregas/no-existe/archivos/no-existe", (who) => (anonymous(who) ? 401 : 404)],
  ["POST", "/api/entregas/no-existe/anular", (who) => (anonymous(who) ? 401 : 404)],
  ["PUT", "/api/preguntas/no-existe/estado", (who) => (anonymous(who) ? 401 : 400)],
  ["POST", "/api/preguntas/no-existe/respuestas", (who) => (anonymous(who) ? 401 : 400)],
  ["DELETE", "/api/respuestas/no-existe", (who) => (anonymous(who) ? 401 : 404)],
  [
    "GET",
    "/api/cursos/no-existe/clases/no-existe/progreso",
    (who) => (who === "admin" ? 404 : anonymous(who) ? 401 : 403),
  ],
  // Admin insight.
  ["GET", "/api/admin/resumen", (who) => (who === "admin" ? 200 : anonymous(who) ? 401 : 403)],
  ["GET", "/api/admin/cursos/no-existe/reporte", (who) => (who === "admin" ? 404 : anonymous(who) ? 401 : 403)],
  ["GET", "/api/admin/cursos/no-existe/calificaciones", (who) => (who === "admin" ? 404 : anonymous(who) ? 401 : 403)],
  ["POST", "/api/books/upload", (who) => (who === "admin" ? 400 : anonymous(who) ? 401 : 403)],
  ["DELETE", "/api/books/no-existe", (who) => (who === "admin" ? 404 : anonymous(who) ? 401 : 403)],
];

// A draft of each test's own (the seeded drafts get published by other specs): its page and its
// image answer alike, 200 to who may see drafts (docentes, admins) and 404 to everyone else.
const seesDrafts = (who: Identity) => who === "docente" || who === "admin";

async function draftWithImage(baseURL: string, visibilidad = "publico"): Promise<string> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  const login = await ctx.post("/api/auth/login", { data: { correo: DEMO_ADMIN.correo, password: DEMO_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const created = await ctx.post("/api/cursos", {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      titulo: "Borrador de la tabla de acceso",
      duracionHoras: "1",
      visibilidad,
      imagen: { name: "p.png", mimeType: "image/png", buffer: PNG_1PX },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await ctx.dispose();
  return id;
}

async function contextFor(who: Identity, baseURL: string): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  if (who === "visitante") return ctx;
  const response = await ctx.post("/login", {
    form: { correo: ACCOUNTS[who], password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status(), `login de ${who}`).toBe(who === "pendiente" ? 403 : 302);
  return ctx;
}

for (const who of IDENTITIES) {
  test(`tabla de acceso: ${who} @sin-js`, async ({ baseURL }) => {
    const draftId = await draftWithImage(baseURL!);
    // A private course an admin made: its team is the admins, it has no learners; a 404 to anyone else.
    const privateId = await draftWithImage(baseURL!, "privado");
    const ctx = await contextFor(who, baseURL!);
    for (const [path, rule] of PAGES) {
      const expected = rule(who);
      const response = await ctx.get(path, { maxRedirects: 0 });
      const location = response.headers()["location"] ?? "";
      const actual =
        response.status() === 200
          ? "200"
          : response.status() === 302 && location.startsWith("/login?redirectTo=")
            ? "login"
            : response.status() === 302 && location === "/"
              ? "home"
              : `${response.status()} ${location}`;
      expect(actual, `${who} GET ${path}`).toBe(expected);
    }
    for (const path of [`/cursos/${draftId}`, `/imagenes/cursos/${draftId}`]) {
      const response = await ctx.get(path, { maxRedirects: 0 });
      expect(response.status(), `${who} GET ${path} (borrador)`).toBe(seesDrafts(who) ? 200 : 404);
    }
    for (const path of [`/cursos/${privateId}`, `/imagenes/cursos/${privateId}`, `/api/cursos/${privateId}`]) {
      const response = await ctx.get(path, { maxRedirects: 0 });
      expect(response.status(), `${who} GET ${path} (privado)`).toBe(who === "admin" ? 200 : 404);
    }
    for (const [method, path, rule] of API) {
      const response = await ctx.fetch(path, { method, maxRedirects: 0 });
      expect(response.status(), `${who} ${method} ${path}`).toBe(rule(who));
      // Every answer is JSON but the data download's ZIP.
      const body = response.headers()["content-type"] === "application/zip" ? {} : await response.json();
      if (!response.ok()) expect(typeof body.error, `${who} ${method} ${path} error JSON`).toBe("string");
    }
    // POST /api/auth/logout ends the caller's own token, and only it.
    if (!anonymous(who)) {
      const tokenOf = async () =>
        (
          (await (
            await ctx.post("/api/auth/login", {
              data: { correo: ACCOUNTS[who as Exclude<Identity, "visitante">], password: DEMO_PASSWORD },
            })
          ).json()) as { token: string }
        ).token;
      const [ended, kept] = [await tokenOf(), await tokenOf()];
      const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` }, maxRedirects: 0 });
      expect((await ctx.post("/api/auth/logout", bearer(ended))).status(), `${who} logout`).toBe(200);
      expect((await ctx.post("/api/auth/logout", bearer(ended))).status(), `${who} token terminado`).toBe(401);
      expect(
        (await ctx.get("/api/cursos/lista", bearer(ended))).status(),
        `${who} token terminado en otra llamada`,
      ).toBe(401);
      expect((await ctx.get("/api/cursos/lista", bearer(kept))).status(), `${who} otro token sigue`).toBe(200);
    }
    // A GET never changes state: /salir by GET leaves the session in place.
    if (who !== "visitante" && who !== "pendiente") {
      await ctx.get("/salir", { maxRedirects: 0 });
      const still = await ctx.get(PANEL.has(who) ? "/user" : "/admin/records", { maxRedirects: 0 });
      expect(still.status(), `${who} sigue con sesión tras GET /salir`).toBe(200);
    }
    await ctx.dispose();
  });
}

// The identity 'docente, profesor/a del curso A' (docs/product.md#course-teams): 200 for course
// A's pages and calls, and for course B what any docente off its team gets (404 pages, 403 calls).
test("tabla de acceso: profesor/a del curso A frente al curso B @sin-js", async ({ baseURL }) => {
  const [courseA, courseB] = [await draftWithImage(baseURL!), await draftWithImage(baseURL!)];
  const adminCtx = await playwrightRequest.newContext({ baseURL });
  const adminToken = (
    (await (
      await adminCtx.post("/api/auth/login", { data: { correo: DEMO_ADMIN.correo, password: DEMO_PASSWORD } })
    ).json()) as { token: string }
  ).token;
  const docenteLogin = (await (
    await adminCtx.post("/api/auth/login", { data: { correo: DEMO_DOCENTE.correo, password: DEMO_PASSWORD } })
  ).json()) as { user: { id: string }; token: string };
  const team = await adminCtx.put(`/api/cursos/${courseA}/equipo`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { profesores: [docenteLogin.user.id] },
  });
  expect(team.status(), await team.text()).toBe(200);
  await adminCtx.dispose();

  // A class in each course (docs/product.md#classes).
  const classOf = {
    [courseA]: seedClass(courseA, "Clase A de la tabla de acceso", null),
    [courseB]: seedClass(courseB, "Clase B de la tabla de acceso", null),
  };

  const ctx = await contextFor("docente", baseURL!);
  const pages = [
    "editar",
    "participantes",
    "participantes/csv",
    "reportes",
    "calificaciones",
    "calificaciones/csv",
    "calificaciones/importar",
    "clases",
    "avisos",
    "tareas",
  ];
  const classPages = ["progreso", "escribir", "notas.csv"];
  for (const [course, expected] of [
    [courseA, 200],
    [courseB, 404],
  ] as const) {
    const name = course === courseA ? "A" : "B";
    for (const p of [...pages, ...classPages.map((c) => `clases/${classOf[course]}/${c}`)]) {
      const response = await ctx.get(`/docente/cursos/${course}/${p}`, { maxRedirects: 0 });
      expect(response.status(), `profesor/a GET /docente/cursos/${name}/${p}`).toBe(expected);
    }
    // The team's unanswered questions across the course (docs/product.md#module-questions).
    const unanswered = await ctx.get(`/cursos/${course}/preguntas`, { maxRedirects: 0 });
    expect(unanswered.status(), `profesor/a GET /cursos/${name}/preguntas`).toBe(expected);
    // The admin's old address of the editor leads to the same page.
    const oldAddress = await ctx.get(`/admin/courses/edit/${course}`, { maxRedirects: 0 });
    expect([oldAddress.status(), oldAddress.headers()["location"]]).toEqual([301, `/docente/cursos/${course}/editar`]);
  }
  // Course B's class under course A's address is no class of course A: not found.
  for (const c of classPages) {
    const response = await ctx.get(`/docente/cursos/${courseA}/clases/${classOf[courseB]}/${c}`, { maxRedirects: 0 });
    expect(response.status(), `profesor/a GET /docente/cursos/A/clases/{clase de B}/${c}`).toBe(404);
  }
  const bearer = { Authorization: `Bearer ${docenteLogin.token}` };
  const classApi = await ctx.get(`/api/cursos/${courseA}/clases/${classOf[courseB]}/progreso`, { headers: bearer });
  expect(classApi.status(), "profesor/a GET /api/cursos/A/clases/{clase de B}/progreso").toBe(404);
  const calls: Array<[string, (id: string) => string, unknown?]> = [
    ["GET", (id) => `/api/cursos/${id}/participantes`],
    ["GET", (id) => `/api/cursos/${id}/clases/${classOf[id] ?? "{clase}"}/progreso`],
    ["GET", (id) => `/api/admin/cursos/${id}/reporte`],
    ["GET", (id) => `/api/admin/cursos/${id}/calificaciones`],
    ["GET", (id) => `/api/cursos/${id}/calificaciones/columnas`],
    ["GET", (id) => `/api/cursos/${id}/calificaciones/ponderacion`],
    ["GET", (id) => `/api/cursos/${id}/equipo`],
    ["GET", (id) => `/api/cursos/${id}/clases`],
    ["GET", (id) => `/api/cursos/${id}/avisos`],
    ["PATCH", (id) => `/api/cursos/${id}`, { titulo: "Curso de la tabla de acceso", duracionHoras: 1 }],
  ];
  for (const [method, path, data] of calls) {
    const own = await ctx.fetch(path(courseA), { method, headers: bearer, data, maxRedirects: 0 });
    expect(own.status(), `profesor/a ${method} ${path("A")}`).toBe(200);
    const other = await ctx.fetch(path(courseB), { method, headers: bearer, data, maxRedirects: 0 });
    expect(other.status(), `profesor/a ${method} ${path("B")}`).toBe(403);
  }
  // A class of course A: the teacher creates it (201) and opens it; under course B's address it is
  // not found, and course B gets no class from them.
  const made = await ctx.post(`/api/cursos/${courseA}/clases`, { headers: bearer, data: { nombre: "Clase A" } });
  expect(made.status(), await made.text()).toBe(201);
  const { id: claseId } = (await made.json()) as { id: string };
  const refused = await ctx.post(`/api/cursos/${courseB}/clases`, { headers: bearer, data: { nombre: "Clase B" } });
  expect(refused.status(), "profesor/a POST /api/cursos/B/clases").toBe(403);
  for (const [path, expected] of [
    [`/docente/cursos/${courseA}/clases/${claseId}`, 200],
    [`/docente/cursos/${courseB}/clases/${claseId}`, 404],
  ] as const) {
    const response = await ctx.get(path, { maxRedirects: 0 });
    expect(response.status(), `profesor/a GET ${path}`).toBe(expected);
  }
  // A class of each course: course A's teacher imports into A's (an empty list is refused), not into B's.
  const [classA, classB] = [classOf[courseA]!, classOf[courseB]!];
  for (const [course, clase, page, call] of [
    [courseA, classA, 200, 400],
    [courseB, classB, 404, 403],
  ] as const) {
    const name = course === courseA ? "A" : "B";
    const response = await ctx.get(`/docente/cursos/${course}/clases/${clase}/importar`, { maxRedirects: 0 });
    expect(response.status(), `profesor/a GET /docente/cursos/${name}/clases/…/importar`).toBe(page);
    const cards = await ctx.get(`/docente/cursos/${course}/clases/${clase}/tarjetas`, { maxRedirects: 0 });
    expect(cards.status(), `profesor/a GET /docente/cursos/${name}/clases/…/tarjetas`).toBe(page);
    const pupil = await ctx.post(`/api/clases/${clase}/estudiantes/x/clave`, { headers: bearer, maxRedirects: 0 });
    expect(pupil.status(), `profesor/a POST /api/clases/{clase de ${name}}/estudiantes/x/clave`).toBe(
      course === courseA ? 404 : 403,
    );
    const api = await ctx.post(`/api/cursos/${course}/clases/${clase}/importar`, {
      headers: bearer,
      data: {},
      maxRedirects: 0,
    });
    expect(api.status(), `profesor/a POST /api/cursos/${name}/clases/…/importar`).toBe(call);
  }
  // Course B's class under course A's address: no such class there.
  const crossed = await ctx.get(`/docente/cursos/${courseA}/clases/${classB}/importar`, { maxRedirects: 0 });
  expect(crossed.status(), "profesor/a GET la clase de B bajo el curso A").toBe(404);
  // An announcement in course A: the teacher posts it (201), edits it; course B gets none from them,
  // and A's announcement under B's address is no announcement of B.
  const aviso = { titulo: "Aviso de la tabla de acceso", texto: "Hola." };
  const posted = await ctx.post(`/api/cursos/${courseA}/avisos`, { headers: bearer, data: aviso });
  expect(posted.status(), await posted.text()).toBe(201);
  const { id: avisoId } = (await posted.json()) as { id: string };
  const refusedAviso = await ctx.post(`/api/cursos/${courseB}/avisos`, { headers: bearer, data: aviso });
  expect(refusedAviso.status(), "profesor/a POST /api/cursos/B/avisos").toBe(403);
  for (const [course, expected] of [
    [courseA, 200],
    [courseB, 403],
  ] as const) {
    const name = course === courseA ? "A" : "B";
    const put = await ctx.put(`/api/cursos/${course}/avisos/${avisoId}`, { headers: bearer, data: aviso });
    expect(put.status(), `profesor/a PUT /api/cursos/${name}/avisos/{aviso de A}`).toBe(expected);
  }
  // Course A's catalog-wide administration stays the admins': deleting, publishing, its team.
  for (const [method, path] of [
    ["DELETE", `/api/cursos/${courseA}`],
    ["PUT", `/api/cursos/${courseA}/publicar`],
    ["PUT", `/api/cursos/${courseA}/equipo`],
  ] as const) {
    const response = await ctx.fetch(path, { method, headers: bearer, data: { profesores: [] }, maxRedirects: 0 });
    expect(response.status(), `profesor/a ${method} ${path}`).toBe(403);
  }
  await ctx.dispose();
});

test("un POST desde otro sitio se rechaza @sin-js", async ({ baseURL }) => {
  const ctx = await contextFor("admin", baseURL!);
  for (const path of [
    "/salir",
    "/admin/records",
    "/admin/records/x/enlace-contrasena",
    "/admin/records/x/corregir",
    "/admin/records/importar",
    "/docente/cursos/nuevo",
    "/docente/cursos/x/editar",
    "/docente/cursos/x/editar/archivos",
    "/docente/cursos/x/clases",
    "/docente/cursos/x/avisos",
    // An old address refuses it too, before any redirect.
    "/admin/courses/edit/x",
    "/cursos/x/modulos/0/preguntas",
    "/api/preguntas/x/respuestas",
    "/api/clases/unirse",
    "/docente/cursos/x/clases/x/escribir",
    "/admin/profile",
    "/api/auth/change-password",
    "/api/cursos",
    "/api/books/upload",
  ]) {
    const response = await ctx.post(path, {
      headers: { Origin: "https://otro-sitio.example" },
      form: { intent: "approve", userId: "x" },
      maxRedirects: 0,
    });
    expect([400, 403], `${path}`).toContain(response.status());
  }
  const stillIn = await ctx.get("/admin/records", { maxRedirects: 0 });
  expect(stillIn.status()).toBe(200);
  await ctx.dispose();
});
