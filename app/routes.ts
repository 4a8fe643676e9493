// The map of the product (docs/product.md#screens and #json-api), one line per route.
import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),

  // Catalog (docs/product.md#public-pages)
  route("cursos", "routes/courses/list.tsx"),
  route("cursos/dirigido/:tipo", "routes/courses/audience.tsx"),
  route("cursos/:cursoId", "routes/courses/detail.tsx"),
  route("cursos/:cursoId/archivos/:archivoId", "routes/courses/module-file.ts"),
  route("cursos/:cursoId/finalizar", "routes/courses/finish.ts"),
  route("certificados/:codigo", "routes/certificates/verify.tsx"),
  route("certificados/:codigo/pdf", "routes/certificates/pdf.ts"),
  route("cursos/:cursoId/modulos/:index/evaluacion", "routes/courses/quiz.tsx"),
  route("imagenes/cursos/:cursoId", "routes/courses/image.ts"),
  route("usuarios/:userId/imagen", "routes/users/avatar.ts"),
  route("biblioteca", "routes/library.tsx"),
  route("biblioteca/:id/pdf", "routes/library/pdf.ts"),
  route("contacto", "routes/contact.tsx"),

  // Accounts
  route("login", "routes/auth/login.tsx"),
  route("registro", "routes/auth/register.tsx"),
  route("registro/enviado", "routes/auth/register-sent.tsx"),
  route("salir", "routes/auth/logout.ts"),
  route("confirmar-correo/:token", "routes/auth/confirm-email.tsx"),
  route("docente", "routes/panel-redirect.ts", { id: "docente-home" }),
  route("comunidad", "routes/panel-redirect.ts", { id: "comunidad-home" }),

  // User panel (estudiante, docente, comunidad)
  route("user", "routes/user/layout.tsx", [
    index("routes/user/index.tsx"),
    route("profile", "routes/user/profile.tsx"),
    route("courses", "routes/user/courses.tsx"),
    route("certificates", "routes/user/certificates.tsx"),
    route("messages", "routes/user/messages.tsx"),
    route("*", "routes/user/in-development.tsx"),
  ]),

  // Admin panel
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.ts"),
    route("profile", "routes/admin/profile.tsx"),
    route("courses", "routes/admin/courses.tsx"),
    route("courses/new", "routes/admin/course-new.tsx"),
    route("courses/edit/:id", "routes/admin/course-edit.tsx"),
    route("courses/edit/:id/archivos", "routes/admin/course-files.ts"),
    route("courses/participantes/:id", "routes/admin/participants.tsx"),
    route("courses/participantes/:id/csv", "routes/admin/participants-csv.ts"),
    route("records", "routes/admin/records.tsx"),
    route("messages", "routes/admin/messages.tsx"),
    route("contact-messages", "routes/admin/contact-messages.tsx"),
    route("outbox", "routes/admin/outbox.tsx"),
    route("library", "routes/admin/library.tsx"),
    route("*", "routes/admin/in-development.tsx"),
  ]),

  // JSON API (docs/product.md#json-api): resource routes calling the same feature services.
  ...prefix("api", [
    route("auth/login", "routes/api/auth.login.ts"),
    route("auth/register", "routes/api/auth.register.ts"),
    route("auth/logout", "routes/api/auth.logout.ts"),
    route("auth/suspend/:id", "routes/api/auth.suspend.ts"),
    route("auth/users", "routes/api/auth.users.ts"),
    route("auth/approve/:id", "routes/api/auth.approve.ts"),
    route("auth/users/:id", "routes/api/auth.user.ts"),
    route("auth/users/:id/profile", "routes/api/auth.user-profile.ts"),
    route("auth/:userId/cursos-inscritos", "routes/api/auth.enrolled-courses.ts"),
    route("auth/usuario/cursos-inscritos/:courseId", "routes/api/auth.unenrol.ts"),
    route("cursos/destacados", "routes/api/cursos.featured.ts"),
    route("cursos/publico/:tipo", "routes/api/cursos.audience.ts"),
    route("cursos/lista", "routes/api/cursos.list.ts"),
    route("cursos", "routes/api/cursos.create.ts"),
    route("cursos/:id", "routes/api/cursos.detail.ts"),
    route("cursos/:id/cantidadParticipantes", "routes/api/cursos.participant-count.ts"),
    route("cursos/:id/registrarParticipante", "routes/api/cursos.enrol.ts"),
    route("cursos/:id/publicar", "routes/api/cursos.publish.ts"),
    route("cursos/:id/participantes", "routes/api/cursos.participants.ts"),
    route("cursos/finalizar", "routes/api/cursos.finish.ts"),
    route("certificados/usuario/:userId", "routes/api/certificados.user.ts"),
    route("cursos/:id/modulos/:index/responder", "routes/api/cursos.answer.ts"),
    route("cursos/:id/usuarios/:userId/progreso", "routes/api/cursos.progress.ts"),
    route("quiz/respuestas", "routes/api/quiz.answers.ts"),
    route("quiz/intentos/:cursoId/:moduloIndex", "routes/api/quiz.attempts.ts"),
    route("mensajes", "routes/api/mensajes.ts"),
    route("mail/send", "routes/api/mail.send.ts"),
    route("books/libros", "routes/api/books.libros.ts"),
    route("books/upload", "routes/api/books.upload.ts"),
    route("books/download/:id", "routes/api/books.download.ts"),
    route("books/:id", "routes/api/books.book.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  route("healthz", "routes/healthz.ts"),
  // Offline reading and installing on a phone (docs/product.md#offline-reading)
  route("sw.js", "routes/sw.ts"),
  route("manifest.webmanifest", "routes/manifest.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
