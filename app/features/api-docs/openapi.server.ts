// The OpenAPI 3.1 document of the JSON API (docs/product.md#json-api), served at
// GET /api/openapi.json and shown at /api/docs. It is made from the Zod schemas the routes parse
// their bodies with and type their answers with (features/*), so the document cannot drift from
// the code: tests/openapi.test.ts checks that every /api route of app/routes.ts is here and that
// real answers match it.
//
// To document a new call: add one entry to OPERATIONS below (path in OpenAPI form, method, tag,
// who may call it, its query parameters, body and answers); a response schema that other calls
// share goes in COMPONENTS with its name.
import { z } from "zod";
import { ApiLoginSchema, ApiProfileUpdatedSchema, ApiUserSchema } from "~/features/users/public-user.ts";
import { ProfileApiFormSchema, ProfileApiSchema } from "~/features/users/profile-schema.ts";
import { LoginSchema, RegisterSchema } from "~/features/auth/schema.ts";
import { ChangePasswordSchema } from "~/features/auth/change-password-schema.ts";
import { ForgotPasswordSchema, ResetPasswordSchema } from "~/features/auth/recovery-schema.ts";
import {
  AccountDeletedSchema,
  AdminDeleteUserSchema,
  DeleteAccountSchema,
} from "~/features/users/account-deletion-schema.ts";
import { API_TOKEN_TTL_S } from "~/features/auth/api-token.server.ts";
import { BUDGETS } from "~/features/limits/rate-limits.server.ts";
import { AUDIENCE_PAGES } from "~/features/courses/audience.ts";
import {
  CourseDetailSchema,
  CourseListSchema,
  CourseStateSchema,
  CourseSummarySchema,
  EnrolledSchema,
  FeaturedCoursesSchema,
  ParticipantCountSchema,
  ParticipantsSchema,
} from "~/features/courses/course-json.ts";
import {
  ApiModuleSchema,
  CourseCreateFormSchema,
  CourseUpdateFormSchema,
  CourseUpdateJsonSchema,
} from "~/features/courses/authoring/schema.ts";
import { EnrolledCourseSchema } from "~/features/enrolment/enrolled-courses.server.ts";
import {
  FinishedSchema,
  FinishSchema,
  PublicCertificateSchema,
  UserCertificatesSchema,
  NameUpdatedSchema,
} from "~/features/certificates/schema.ts";
import {
  ProgressSchema,
  QuizAnswersSchema,
  QuizAnswersWithModuleSchema,
  QuizAttemptsSchema,
  QuizResultSchema,
} from "~/features/quizzes/answer-api.server.ts";
import { ApiMessageSchema, ApiSentMessageSchema, ComposeSchema } from "~/features/messages/schema.ts";
import { ContactSchema } from "~/features/contact/schema.ts";
import { BookCreatedSchema, BookJsonSchema, BookUploadFormSchema } from "~/features/library/schema.ts";
import { ApiErrorSchema, ApiNoticeIdSchema, ApiNoticeSchema } from "~/lib/api.server.ts";
import { CourseReportSchema, GradebookSchema, ResumenSchema } from "~/features/reports/schema.ts";

// ---------------------------------------------------------------------------------------------
// The vocabulary of the registry

type Method = "get" | "post" | "put" | "delete";
/**
 * Who may call: `public` (anyone, no credentials read), `optional` (anyone; a token or session
 * changes what is shown), `user` (any signed-in account: Bearer token or session cookie),
 * `token` (Bearer token only), `admin` (an account with the admin role).
 */
type Access = "public" | "optional" | "user" | "token" | "admin";
type Header = keyof typeof HEADERS;
type Answer = {
  description: string;
  /** The JSON body; absent for a body of another type (`pdf`, `zip`, `html`). */
  schema?: z.ZodType;
  pdf?: boolean;
  zip?: boolean;
  html?: boolean;
  headers?: Header[];
};
type Operation = {
  tag: (typeof TAGS)[number]["name"];
  summary: string;
  description?: string;
  access: Access;
  query?: Array<keyof typeof QUERY>;
  /** Request bodies by media type: JSON and/or multipart; `optional` when a call may send none. */
  body?: { json?: z.ZodType; form?: z.ZodType; optional?: boolean };
  /** The success answers by status. */
  ok: Record<number, Answer>;
  /** The error answers ({ error }) by status, beyond the ones `access` and `body` imply. */
  errors?: Record<number, string>;
};

const TAGS = [
  { name: "Cuentas", description: "Ingreso, registro, tokens y administración de usuarios." },
  { name: "Cursos", description: "Catálogo, inscripción y edición de cursos." },
  { name: "Evaluaciones", description: "Respuestas a las evaluaciones de los módulos y progreso." },
  { name: "Certificados", description: "Certificados de los cursos terminados." },
  { name: "Mensajes", description: "Mensajes entre usuarios y formulario de contacto." },
  { name: "Biblioteca", description: "Libros en PDF." },
  { name: "Reportes", description: "Cifras de la academia y de cada curso, para administradores." },
  { name: "Documentación", description: "Este documento y su página de referencia." },
] as const;

/** Named schemas: shown once under components/schemas and referenced wherever they appear. */
const COMPONENTS: Record<string, z.ZodType> = {
  Error: ApiErrorSchema,
  Aviso: ApiNoticeSchema,
  AvisoConId: ApiNoticeIdSchema,
  Usuario: ApiUserSchema,
  CursoResumen: CourseSummarySchema,
  ListaDeCursos: CourseListSchema,
  Curso: CourseDetailSchema,
  EstadoDelCurso: CourseStateSchema,
  ApiModulo: ApiModuleSchema,
  CursoInscrito: EnrolledCourseSchema,
  Certificado: PublicCertificateSchema,
  ResultadoDeEvaluacion: QuizResultSchema,
  Respuestas: QuizAnswersSchema,
  Mensaje: ApiMessageSchema,
  MensajeEnviado: ApiSentMessageSchema,
  Libro: BookJsonSchema,
};

/** The query parameters the routes read (lib/pagination.ts, lib/keyset.ts, the routes). */
const QUERY = {
  page: { schema: { type: "integer", minimum: 1 }, description: "Número de página (desde 1)." },
  desde: {
    schema: { type: "string" },
    description: 'Cursor de la página siguiente (tómalo del encabezado Link, rel="next").',
  },
  antes: {
    schema: { type: "string" },
    description: 'Cursor de la página anterior (tómalo del encabezado Link, rel="prev").',
  },
  q: { schema: { type: "string", maxLength: 200 }, description: "Busca por el comienzo de las palabras." },
  correo: { schema: { type: "string" }, description: "Tu propio correo (por omisión, el de quien llama)." },
  carpeta: {
    schema: { type: "string", enum: ["recibidos", "enviados"] },
    description: "recibidos (por omisión) o enviados.",
  },
  descargar: { schema: { type: "string", enum: ["1"] }, description: "1: como descarga (attachment)." },
} as const;

const HEADERS = {
  Link: {
    description: 'RFC 8288: las URL de las páginas siguiente (rel="next") y anterior (rel="prev"), si las hay.',
    schema: { type: "string" },
  },
  "X-Total-Count": { description: "Cantidad total de elementos de la lista.", schema: { type: "integer" } },
  "X-Page-Count": { description: "Cantidad de páginas.", schema: { type: "integer" } },
  "Retry-After": { description: "Segundos que hay que esperar antes de reintentar.", schema: { type: "integer" } },
} as const;

const PATH_PARAMS: Record<string, { description: string; schema: Record<string, unknown> }> = {
  id: { description: "Id del recurso.", schema: { type: "string" } },
  userId: { description: "Id del usuario.", schema: { type: "string" } },
  courseId: { description: "Id del curso.", schema: { type: "string" } },
  cursoId: { description: "Id del curso.", schema: { type: "string" } },
  index: { description: "Índice del módulo (desde 0).", schema: { type: "integer", minimum: 0 } },
  moduloIndex: { description: "Índice del módulo (desde 0).", schema: { type: "integer", minimum: 0 } },
  tipo: { description: "Público del curso.", schema: { type: "string", enum: [...AUDIENCE_PAGES] } },
};

const json = (description: string, schema: z.ZodType, headers?: Header[]): Answer => ({ description, schema, headers });
const done = (description = "Hecho.") => json(description, ApiNoticeIdSchema);
const PAGED: Header[] = ["Link", "X-Total-Count"];
const KEYSET = ["page", "desde", "antes"] as const;

// The document itself: loose, so this check stays a check of the shape, not of every key.
const OpenApiSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

// ---------------------------------------------------------------------------------------------
// The calls: one entry per path and method of the `api` block of app/routes.ts

export const OPERATIONS: Record<string, Partial<Record<Method, Operation>>> = {
  "/api/auth/login": {
    post: {
      tag: "Cuentas",
      summary: "Iniciar sesión y obtener un token",
      description: `El token (JWT) vale ${API_TOKEN_TTL_S / 3600} horas o hasta que se cierre con /api/auth/logout.`,
      access: "public",
      body: { json: LoginSchema },
      ok: { 200: json("El usuario y su token.", ApiLoginSchema) },
      errors: {
        401: "Correo o contraseña incorrectos.",
        403: "Cuenta pendiente de aprobación.",
        429: "Demasiados intentos (ver Retry-After).",
      },
    },
  },
  "/api/auth/register": {
    post: {
      tag: "Cuentas",
      summary: "Crear una cuenta (queda pendiente de aprobación)",
      description:
        "Responde igual (201, el mismo mensaje) si el correo ya tiene una cuenta: no dice qué correos existen. " +
        "A un correo nuevo se le envía un enlace para confirmarlo (vale 7 días); al dueño de un correo ya " +
        "registrado, un aviso ('Alguien intentó crear una cuenta con tu correo…'), o un enlace nuevo si aún " +
        "no lo confirmaba.",
      access: "public",
      body: { json: RegisterSchema },
      ok: { 201: json("Registro recibido; se envió un correo a esa dirección.", ApiNoticeSchema) },
      errors: { 429: "Demasiados registros desde esta dirección o para este correo (ver Retry-After)." },
    },
  },
  "/api/auth/logout": {
    post: {
      tag: "Cuentas",
      summary: "Cerrar el token con que se llama",
      description: "Desde entonces el token se rechaza (401). Otros tokens y sesiones siguen abiertos.",
      access: "token",
      ok: { 200: json("Token cerrado.", ApiNoticeSchema) },
    },
  },
  "/api/auth/change-password": {
    post: {
      tag: "Cuentas",
      summary: "Cambiar la propia contraseña",
      description:
        "Pide la contraseña actual; la nueva sigue las reglas del registro (al menos 8 caracteres, no una de las " +
        "más comunes). Cierra todas las demás sesiones y tokens de la cuenta; el token con que se llama (o, desde " +
        "el sitio, la sesión del navegador) sigue abierto. A lo más 10 contraseñas actuales incorrectas cada " +
        "15 minutos por cuenta.",
      access: "user",
      body: { json: ChangePasswordSchema },
      ok: { 200: json("Contraseña cambiada.", ApiNoticeSchema) },
      errors: {
        400: "Datos inválidos (el mensaje dice cuál) o la contraseña actual incorrecta.",
        429: "Demasiadas contraseñas actuales incorrectas (ver Retry-After).",
      },
    },
  },
  "/api/auth/mis-datos": {
    get: {
      tag: "Cuentas",
      summary: "Descargar mis datos (ZIP)",
      description:
        "Todo lo que la academia guarda sobre quien llama, y nada de otra persona: perfil y consentimientos, " +
        "inscripciones, evaluaciones con sus respuestas, certificados (con sus PDF), mensajes enviados y " +
        "recibidos, sesiones y registro de actividad, en archivos JSON con un LEEME.txt. El mismo archivo que " +
        `'Descargar mis datos' del perfil. A lo más ${BUDGETS.myDataUser.points} descargas por hora por cuenta.`,
      access: "user",
      ok: { 200: { description: "El archivo ZIP (mis-datos-academia-AAAA-MM-DD.zip).", zip: true } },
      errors: { 429: "Demasiadas descargas (ver Retry-After)." },
    },
  },
  "/api/auth/cuenta": {
    delete: {
      tag: "Cuentas",
      summary: "Eliminar la propia cuenta y sus datos personales",
      description:
        "Pide la contraseña. Borra de inmediato el perfil, las inscripciones, los resultados, los mensajes " +
        "recibidos y todas las sesiones y tokens de la cuenta; los mensajes enviados quedan con quienes los " +
        "recibieron, con 'Cuenta eliminada' como remitente. certificados: conservar (por omisión) los deja " +
        "verificables con el nombre que tienen; revocar los revoca (sin nombre ni PDF). A lo más " +
        `${BUDGETS.accountDeletionUser.points} contraseñas incorrectas cada 15 minutos por cuenta. El último ` +
        "administrador aprobado no puede eliminar su cuenta.",
      access: "user",
      body: { json: DeleteAccountSchema },
      ok: { 200: json("Cuenta eliminada.", AccountDeletedSchema) },
      errors: {
        400: "Datos inválidos (el mensaje dice cuál) o la contraseña incorrecta.",
        409: "Eres el único administrador aprobado.",
        429: "Demasiadas contraseñas incorrectas (ver Retry-After).",
      },
    },
  },
  "/api/auth/forgot-password": {
    post: {
      tag: "Cuentas",
      summary: "Pedir un enlace para crear una nueva contraseña",
      description:
        "Responde lo mismo exista o no una cuenta con ese correo; si existe, le envía un enlace a " +
        "/recuperar/{token} que sirve una vez durante una hora y anula los anteriores.",
      access: "public",
      body: { json: ForgotPasswordSchema },
      ok: { 200: json("La respuesta de siempre.", ApiNoticeSchema) },
      errors: { 429: "Demasiadas solicitudes desde esta dirección IP o para ese correo (ver Retry-After)." },
    },
  },
  "/api/auth/reset-password": {
    post: {
      tag: "Cuentas",
      summary: "Crear una nueva contraseña con el token de un enlace de recuperación",
      description:
        "Cierra todas las sesiones y tokens de la cuenta. Una cuenta pendiente o suspendida sigue sin poder " +
        "ingresar hasta que un administrador la apruebe.",
      access: "public",
      body: { json: ResetPasswordSchema },
      ok: { 200: json("Contraseña cambiada.", ApiNoticeSchema) },
      errors: { 400: "Enlace no válido, usado o vencido, o contraseña que no cumple las reglas." },
    },
  },
  "/api/auth/users": {
    get: {
      tag: "Cuentas",
      summary: "Listar usuarios (pendientes primero)",
      description: "100 por página.",
      access: "admin",
      query: ["page"],
      ok: { 200: json("Una página de usuarios.", z.array(ApiUserSchema), ["X-Total-Count", "X-Page-Count"]) },
    },
  },
  "/api/auth/approve/{id}": {
    put: {
      tag: "Cuentas",
      summary: "Aprobar una cuenta",
      access: "admin",
      ok: { 200: done("Cuenta aprobada.") },
      errors: { 404: "Usuario no encontrado." },
    },
  },
  "/api/auth/suspend/{id}": {
    put: {
      tag: "Cuentas",
      summary: "Suspender una cuenta (cierra sus sesiones y tokens)",
      access: "admin",
      ok: { 200: done("Cuenta suspendida.") },
      errors: { 404: "Usuario no encontrado.", 409: "No puedes suspender tu propia cuenta." },
    },
  },
  "/api/auth/users/{id}": {
    delete: {
      tag: "Cuentas",
      summary: "Eliminar una cuenta y sus datos personales",
      description:
        "Como 'Eliminar mi cuenta': cierra sus sesiones y tokens; sus mensajes enviados dicen 'Cuenta eliminada'. " +
        "El cuerpo es opcional: sin él, o sin certificados, los certificados siguen verificables (conservar).",
      access: "admin",
      body: { json: AdminDeleteUserSchema, optional: true },
      ok: { 200: done("Cuenta eliminada.") },
      errors: { 400: "No puedes eliminar tu propia cuenta, o certificados no válido.", 404: "Usuario no encontrado." },
    },
  },
  "/api/auth/users/{id}/profile": {
    put: {
      tag: "Cuentas",
      summary: "Corregir los datos del perfil: nombre, apellido, fecha de nacimiento, correo, imagen, avisos",
      description:
        "La propia cuenta o un administrador (la corrección de un administrador queda en el registro de auditoría). " +
        "Nombre, apellido y fecha de nacimiento siguen las reglas del registro; un campo omitido se conserva. " +
        "avisosCorreo activa o desactiva los avisos opcionales por correo. Un correo nuevo propio se aplica al " +
        "seguir el enlace que se le envía.",
      access: "user",
      body: { form: ProfileApiFormSchema, json: ProfileApiSchema },
      ok: { 200: json("Perfil actualizado.", ApiProfileUpdatedSchema) },
      errors: {
        400: "Datos inválidos (por ejemplo, una fecha de nacimiento imposible).",
        403: "No es tu perfil.",
        404: "Usuario no encontrado.",
        409: "El correo ya está en uso.",
      },
    },
  },
  "/api/auth/{userId}/cursos-inscritos": {
    get: {
      tag: "Cursos",
      summary: "Cursos en que está inscrito un usuario",
      description: "Solo los propios (un administrador, los de cualquiera). 50 por página.",
      access: "user",
      query: ["page"],
      ok: { 200: json("Una página de cursos.", z.array(EnrolledCourseSchema), PAGED) },
      errors: { 403: "No es tu cuenta.", 404: "Usuario no encontrado." },
    },
  },
  "/api/auth/usuario/cursos-inscritos/{courseId}": {
    delete: {
      tag: "Cursos",
      summary: "Dejar un curso propio",
      access: "user",
      ok: { 200: done("Inscripción eliminada.") },
      errors: { 404: "No te has inscrito en este curso." },
    },
  },
  "/api/cursos/destacados": {
    get: {
      tag: "Cursos",
      summary: "Los 10 cursos publicados con más participantes",
      access: "public",
      ok: { 200: json("Los cursos.", FeaturedCoursesSchema) },
    },
  },
  "/api/cursos/publico/{tipo}": {
    get: {
      tag: "Cursos",
      summary: "Cursos publicados para un público",
      access: "public",
      query: [...KEYSET],
      ok: { 200: json("Una página de cursos.", CourseListSchema, ["Link"]) },
      errors: { 404: "Público desconocido." },
    },
  },
  "/api/cursos/lista": {
    get: {
      tag: "Cursos",
      summary: "Todos los cursos que quien llama puede ver",
      description: "Sin credenciales, los publicados; un administrador ve también los borradores.",
      access: "optional",
      query: [...KEYSET],
      ok: { 200: json("Una página de cursos.", CourseListSchema, ["Link"]) },
    },
  },
  "/api/cursos": {
    post: {
      tag: "Cursos",
      summary: "Crear un curso (queda en borrador)",
      access: "admin",
      body: { form: CourseCreateFormSchema },
      ok: { 201: json("Curso creado.", CourseStateSchema) },
    },
  },
  "/api/cursos/{id}": {
    get: {
      tag: "Cursos",
      summary: "Un curso",
      description:
        "Los materiales solo si quien llama puede verlos; las respuestas correctas, solo para administradores.",
      access: "optional",
      ok: { 200: json("El curso.", CourseDetailSchema) },
      errors: { 404: "Curso no encontrado (o no visible para quien llama)." },
    },
    put: {
      tag: "Cursos",
      summary: "Editar un curso (todo o nada)",
      access: "admin",
      body: { form: CourseUpdateFormSchema, json: CourseUpdateJsonSchema },
      ok: { 200: done("Curso actualizado.") },
      errors: { 404: "Curso no encontrado." },
    },
    delete: {
      tag: "Cursos",
      summary: "Eliminar un curso",
      access: "admin",
      ok: { 200: done("Curso eliminado.") },
      errors: { 404: "Curso no encontrado." },
    },
  },
  "/api/cursos/{id}/cantidadParticipantes": {
    get: {
      tag: "Cursos",
      summary: "Cantidad de participantes de un curso",
      access: "user",
      ok: { 200: json("La cantidad.", ParticipantCountSchema) },
      errors: { 404: "Curso no encontrado." },
    },
  },
  "/api/cursos/{id}/registrarParticipante": {
    post: {
      tag: "Cursos",
      summary: "Inscribirse en un curso",
      access: "user",
      ok: { 201: json("Inscripción creada.", EnrolledSchema), 200: json("Ya estaba inscrito.", EnrolledSchema) },
      errors: { 403: "El curso no admite a quien llama.", 404: "Curso no encontrado." },
    },
  },
  "/api/cursos/{id}/publicar": {
    put: {
      tag: "Cursos",
      summary: "Publicar un curso",
      access: "admin",
      ok: { 200: json("Curso publicado.", CourseStateSchema) },
      errors: { 404: "Curso no encontrado." },
    },
  },
  "/api/cursos/{id}/participantes": {
    get: {
      tag: "Cursos",
      summary: "Participantes de un curso, en orden de inscripción",
      description: "50 por página.",
      access: "admin",
      query: ["page"],
      ok: { 200: json("Una página de participantes.", ParticipantsSchema, PAGED) },
      errors: { 404: "Curso no encontrado." },
    },
  },
  "/api/cursos/finalizar": {
    post: {
      tag: "Certificados",
      summary: "Terminar un curso y obtener el certificado",
      description: "Solo con el 100 % de progreso. El usuario es siempre quien llama.",
      access: "user",
      body: { json: FinishSchema },
      ok: { 201: json("Certificado emitido.", FinishedSchema), 200: json("Ya estaba emitido.", FinishedSchema) },
      errors: { 403: "El curso aún no está terminado.", 404: "Curso no encontrado." },
    },
  },
  "/api/certificados/usuario/{userId}": {
    get: {
      tag: "Certificados",
      summary: "Certificados de un usuario",
      description: "Los propios; un administrador, los de cualquiera.",
      access: "user",
      ok: { 200: json("Los certificados, los más nuevos primero.", UserCertificatesSchema) },
      errors: { 403: "No es tu cuenta.", 404: "Usuario no encontrado." },
    },
  },
  "/api/certificados/actualizar-nombre": {
    post: {
      tag: "Certificados",
      summary: "Actualizar el nombre en mis certificados",
      description:
        "Los certificados de quien llama que muestran otro nombre pasan a mostrar su nombre actual: mismo código " +
        "y enlace de verificación, PDF nuevo; la verificación indica la fecha del cambio.",
      access: "user",
      ok: { 200: json("Cuántos certificados se actualizaron.", NameUpdatedSchema) },
      errors: { 400: "El perfil no tiene nombre." },
    },
  },
  "/api/cursos/{id}/modulos/{index}/responder": {
    post: {
      tag: "Evaluaciones",
      summary: "Responder la evaluación de un módulo",
      description: "Se califica en el servidor; cualquier nota enviada se ignora.",
      access: "user",
      body: { json: QuizAnswersSchema },
      ok: { 200: json("El resultado.", QuizResultSchema) },
      errors: { 403: "No inscrito en el curso.", 404: "Curso, módulo o evaluación no encontrados." },
    },
  },
  "/api/quiz/respuestas": {
    post: {
      tag: "Evaluaciones",
      summary: "Responder una evaluación (curso y módulo en el cuerpo)",
      access: "user",
      body: { json: QuizAnswersWithModuleSchema },
      ok: { 200: json("El resultado.", QuizResultSchema) },
      errors: { 403: "No inscrito en el curso.", 404: "Curso, módulo o evaluación no encontrados." },
    },
  },
  "/api/quiz/intentos/{cursoId}/{moduloIndex}": {
    get: {
      tag: "Evaluaciones",
      summary: "Intentos propios en la evaluación de un módulo",
      access: "user",
      ok: { 200: json("Los intentos.", QuizAttemptsSchema) },
      errors: { 403: "No inscrito en el curso.", 404: "Curso, módulo o evaluación no encontrados." },
    },
  },
  "/api/cursos/{id}/usuarios/{userId}/progreso": {
    post: {
      tag: "Evaluaciones",
      summary: "Recalcular el progreso de un usuario en un curso",
      description: "A partir de los resultados guardados; un progreso enviado se ignora. El propio o un administrador.",
      access: "user",
      ok: { 200: json("El progreso.", ProgressSchema) },
      errors: { 403: "No es tu cuenta.", 404: "La cuenta no está inscrita en este curso." },
    },
  },
  "/api/mensajes": {
    get: {
      tag: "Mensajes",
      summary: "Mensajes recibidos (o enviados) de quien llama",
      description: "Los más nuevos primero, 50 por página; ?carpeta=enviados da MensajeEnviado en vez de Mensaje.",
      access: "user",
      query: ["correo", "carpeta", ...KEYSET],
      ok: {
        200: json("Una página de mensajes.", z.union([z.array(ApiMessageSchema), z.array(ApiSentMessageSchema)]), [
          "Link",
        ]),
      },
      errors: { 403: "Una bandeja ajena (también para administradores)." },
    },
    post: {
      tag: "Mensajes",
      summary: "Enviar un mensaje",
      description:
        "Quien envía es siempre quien llama. A lo más 20 mensajes por minuto y 200 por día por remitente " +
        "(cada intento cuenta). El aviso por correo al destinatario lleva solo el nombre de quien envía y un enlace.",
      access: "user",
      body: { json: ComposeSchema },
      ok: { 201: json("El mensaje enviado.", ApiMessageSchema) },
      errors: { 404: "Destinatario desconocido.", 429: "Demasiados mensajes (ver Retry-After)." },
    },
  },
  "/api/mail/send": {
    post: {
      tag: "Mensajes",
      summary: "Formulario de contacto",
      access: "public",
      body: { json: ContactSchema },
      ok: { 200: json("Mensaje recibido.", ApiNoticeSchema) },
      errors: { 429: "Demasiados mensajes (ver Retry-After)." },
    },
  },
  "/api/books/libros": {
    get: {
      tag: "Biblioteca",
      summary: "Libros, los más nuevos primero",
      description: "50 por página.",
      access: "user",
      query: ["page", "q"],
      ok: { 200: json("Una página de libros.", z.array(BookJsonSchema), PAGED) },
    },
  },
  "/api/books/upload": {
    post: {
      tag: "Biblioteca",
      summary: "Subir un libro",
      access: "admin",
      body: { form: BookUploadFormSchema },
      ok: { 201: json("Libro creado.", BookCreatedSchema) },
    },
  },
  "/api/books/download/{id}": {
    get: {
      tag: "Biblioteca",
      summary: "El PDF de un libro",
      description: "En línea (para la vista previa); con ?descargar=1, como descarga. Admite Range.",
      access: "user",
      query: ["descargar"],
      ok: { 200: { description: "El PDF.", pdf: true }, 206: { description: "Un rango del PDF.", pdf: true } },
      errors: { 404: "Libro no encontrado o sin PDF." },
    },
  },
  "/api/books/{id}": {
    delete: {
      tag: "Biblioteca",
      summary: "Eliminar un libro",
      access: "admin",
      ok: { 200: done("Libro eliminado.") },
      errors: { 404: "Libro no encontrado." },
    },
  },
  "/api/admin/resumen": {
    get: {
      tag: "Reportes",
      summary: "Resumen de la academia",
      description: "Usuarios por rol, cursos, inscripciones, certificados, correos en espera y los últimos 12 meses.",
      access: "admin",
      ok: { 200: json("El resumen.", ResumenSchema) },
    },
  },
  "/api/admin/cursos/{id}/reporte": {
    get: {
      tag: "Reportes",
      summary: "Reporte de un curso",
      description: "Embudo de participantes, tasa de aprobación por módulo y preguntas más falladas.",
      access: "admin",
      ok: { 200: json("El reporte.", CourseReportSchema) },
      errors: { 404: "Curso no encontrado." },
    },
  },
  "/api/admin/cursos/{id}/calificaciones": {
    get: {
      tag: "Reportes",
      summary: "Libro de calificaciones de un curso",
      description: "Participantes × módulos con evaluación: mejor nota, intentos y aprobado; 100 por página.",
      access: "admin",
      query: ["page"],
      ok: { 200: json("Una página del libro de calificaciones.", GradebookSchema, PAGED) },
      errors: { 404: "Curso no encontrado." },
    },
  },
  "/api/openapi.json": {
    get: {
      tag: "Documentación",
      summary: "Este documento (OpenAPI 3.1)",
      access: "public",
      ok: { 200: json("El documento.", OpenApiSchema) },
    },
  },
  "/api/docs": {
    get: {
      tag: "Documentación",
      summary: "La referencia de la API, para leer (HTML)",
      access: "public",
      ok: { 200: { description: "La página.", html: true } },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// The document, built once from the registry

type JsonSchema = Record<string, unknown>;
const REF = "#/components/schemas/";

/** The errors every call of this kind can answer, beyond its own. */
function impliedErrors(op: Operation): Record<number, string> {
  const errors: Record<number, string> = {};
  if (op.body) {
    errors[400] = "Datos inválidos (el mensaje dice cuál).";
    errors[413] = "El cuerpo o un archivo supera el máximo.";
  }
  if (op.access === "user" || op.access === "token" || op.access === "admin") {
    errors[401] = "Sin token o sesión, o token inválido o cerrado.";
  }
  if (op.access === "optional") errors[401] = "Token inválido o cerrado (sin token se responde como a un visitante).";
  if (op.access === "admin") errors[403] = "Quien llama no es administrador.";
  return errors;
}

const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  optional: [{}, { bearer: [] }, { sesion: [] }],
  user: [{ bearer: [] }, { sesion: [] }],
  token: [{ bearer: [] }],
  admin: [{ bearer: [] }, { sesion: [] }],
};

function operationId(method: Method, path: string) {
  const words = path
    .replace(/^\/api\//, "")
    .split(/[/.\-_]/)
    .filter(Boolean)
    .map((w) => (w.startsWith("{") ? `por ${w.slice(1, -1)}` : w));
  return [method, ...words.flatMap((w) => w.split(" "))]
    .map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1)))
    .join("");
}

/**
 * JSON Schema (draft 2020-12, what OpenAPI 3.1 uses) of a Zod schema: `input` for what a client
 * sends, `output` for what it receives. Named schemas (COMPONENTS) become $refs; their bodies are
 * collected in `defs`.
 */
function schemaOf(schema: z.ZodType, io: "input" | "output", defs: Record<string, JsonSchema>): JsonSchema {
  const names = new Map<unknown, string>(Object.entries(COMPONENTS).map(([name, s]) => [s, name]));
  // The descriptions given with .meta() live in the global registry; the names are added here
  // (a registry is only read through get()).
  const metadata = {
    get: (s: z.ZodType) => {
      const meta = z.globalRegistry.get(s);
      const id = names.get(s);
      return id ? { ...meta, id } : meta;
    },
  } as unknown as typeof z.globalRegistry;
  const generated = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    metadata,
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      const s = jsonSchema as JsonSchema;
      // A field a client may leave out (a preprocess gives it a default) is not required of it.
      if (io === "input" && zodSchema._zod.def.type === "object" && Array.isArray(s.required)) {
        const shape = (zodSchema as unknown as z.ZodObject).shape;
        s.required = s.required.filter((key: string) => !shape[key]?.safeParse(undefined).success);
        if (!(s.required as string[]).length) delete s.required;
      }
      // Zod spells out a date's regular expression beside its format: the format says it.
      if (typeof s.format === "string" && s.format.startsWith("date")) delete s.pattern;
      if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
      if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
    },
  }) as JsonSchema;
  const { $schema: _dialect, $defs, ...root } = generated;
  for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    const body = relink(def);
    if (defs[name] && JSON.stringify(defs[name]) !== JSON.stringify(body)) {
      throw new Error(`El esquema ${name} difiere entre entrada y salida: dale dos nombres.`);
    }
    defs[name] = body;
  }
  return relink(root);
}

/** $refs to the generator's own $defs, pointed at components/schemas. */
function relink(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/$defs/', `"${REF}`)) as JsonSchema;
}

function errorAnswer(description: string) {
  return { description, content: { "application/json": { schema: { $ref: `${REF}Error` } } } };
}

function answerOf(answer: Answer, defs: Record<string, JsonSchema>) {
  const headers = answer.headers?.length ? Object.fromEntries(answer.headers.map((h) => [h, HEADERS[h]])) : undefined;
  const content = answer.schema
    ? { "application/json": { schema: schemaOf(answer.schema, "output", defs) } }
    : answer.pdf
      ? { "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } } }
      : answer.zip
        ? { "application/zip": { schema: { type: "string", contentMediaType: "application/zip" } } }
        : { "text/html": { schema: { type: "string" } } };
  return { description: answer.description, ...(headers ? { headers } : {}), content };
}

function operationOf(method: Method, path: string, op: Operation, defs: Record<string, JsonSchema>) {
  const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    ...(PATH_PARAMS[name!] ?? { schema: { type: "string" } }),
  }));
  const queryParams = (op.query ?? []).map((name) => ({ name, in: "query", required: false, ...QUERY[name] }));
  const body = op.body && {
    required: !op.body.optional,
    content: {
      ...(op.body.json ? { "application/json": { schema: schemaOf(op.body.json, "input", defs) } } : {}),
      ...(op.body.form ? { "multipart/form-data": { schema: schemaOf(op.body.form, "input", defs) } } : {}),
    },
  };
  const errors = { ...impliedErrors(op), ...op.errors };
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(op.ok)) responses[status] = answerOf(answer, defs);
  for (const [status, description] of Object.entries(errors)) {
    const answer = errorAnswer(description);
    // A 429 says when to come back.
    responses[status] = status === "429" ? { ...answer, headers: { "Retry-After": HEADERS["Retry-After"] } } : answer;
  }
  const roles = op.access === "admin" ? " Requiere el rol admin." : "";
  return {
    operationId: operationId(method, path),
    tags: [op.tag],
    summary: op.summary,
    ...(op.description || roles ? { description: `${op.description ?? ""}${roles}`.trim() } : {}),
    security: SECURITY[op.access],
    ...(pathParams.length || queryParams.length ? { parameters: [...pathParams, ...queryParams] } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

const DESCRIPTION = [
  "La API JSON de la academia: las mismas reglas que el sitio (docs/product.md#json-api).",
  "",
  "- **Autenticación**: `Authorization: Bearer <token>` con el token de `POST /api/auth/login`. Desde el " +
    "navegador también sirve la cookie de sesión del sitio, pero un cambio (POST, PUT, DELETE) con cookie " +
    "debe venir del propio sitio (Origin).",
  '- **Errores**: todo 4xx y 5xx responde `{ "error": "…" }` en español. Un método no admitido responde 405 ' +
    "con `Allow`; una ruta desconocida, 404.",
  "- **Cuerpos**: JSON; donde se indica, `multipart/form-data` para subir archivos. Un formulario " +
    "(`application/x-www-form-urlencoded`) con los mismos campos también se acepta.",
  "- **Listas**: paginadas con `?page=N`; el encabezado `Link` da las páginas siguiente y anterior.",
].join("\n");

let cached: JsonSchema | undefined;

/** The OpenAPI 3.1 document of every /api call. */
export function openApiDocument(): JsonSchema {
  if (cached) return cached;
  const defs: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, methods] of Object.entries(OPERATIONS)) {
    paths[path] = {};
    for (const [method, op] of Object.entries(methods) as Array<[Method, Operation]>) {
      paths[path][method] = operationOf(method, path, op, defs);
    }
  }
  // The error shape is always a component, even if no call named it through a schema.
  schemaOf(ApiErrorSchema, "output", defs);
  const sorted = Object.fromEntries(Object.entries(defs).sort(([a], [b]) => a.localeCompare(b)));
  cached = {
    openapi: "3.1.1",
    info: { title: "API de la academia", version: "1.0.0", description: DESCRIPTION },
    tags: TAGS,
    paths,
    components: {
      schemas: sorted,
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "El token de POST /api/auth/login.",
        },
        sesion: {
          type: "apiKey",
          in: "cookie",
          name: "__Host-academia_session",
          description:
            "La sesión del sitio (navegador; academia_session cuando el sitio no usa HTTPS). Los cambios solo " +
            "desde el propio sitio.",
        },
      },
    },
  };
  return cached;
}
