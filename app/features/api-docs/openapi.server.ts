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
import { API_TOKEN_TTL_S, BAD_TOKEN, NO_TOKEN, TOKEN_ENDED } from "~/features/auth/api-token.server.ts";
import { NOT_ALLOWED } from "~/features/auth/api-guards.server.ts";
import { BUDGETS, TOO_MANY_REQUESTS } from "~/features/limits/rate-limits.server.ts";
import { ACCOUNT_SUSPENDED, BAD_CREDENTIALS, PENDING_APPROVAL } from "~/features/auth/login.server.ts";
import { CURRENT_PASSWORD_WRONG } from "~/features/auth/account-security.ts";
import { GUARDIAN_PENDING } from "~/features/auth/texts.ts";
import { RESET_LINK_INVALID } from "~/features/auth/recovery-texts.ts";
import { EMAIL_TAKEN } from "~/features/auth/register.server.ts";
import { MY_DATA_TOO_MANY } from "~/features/users/my-data.server.ts";
import { DELETE_PASSWORD_WRONG, LAST_ADMIN } from "~/features/users/account-deletion.ts";
import { CANNOT_DELETE_SELF, CANNOT_SUSPEND_SELF, USER_NOT_FOUND } from "~/features/users/users.server.ts";
import { NOTHING_TO_UPDATE, USER_UNKNOWN } from "~/features/users/profile-schema.ts";
import { NOT_ENROLLED } from "~/features/enrolment/texts.ts";
import { INVALID_CATEGORY } from "~/features/courses/audience-page.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { COURSES_PAGE_SIZE } from "~/features/courses/courses.server.ts";
import { enrolWrongAudience } from "~/features/courses/rules.ts";
import {
  CERTIFICATES_FORBIDDEN,
  FINISH_NO_QUIZZES,
  FINISH_NOT_ENROLLED,
  finishIncomplete,
  NAME_REQUIRED_FOR_CERTIFICATES,
} from "~/features/certificates/texts.ts";
import { QUIZ_AUTH_MESSAGES } from "~/features/quizzes/api.server.ts";
import { QUIZ_FORBIDDEN, QUIZ_NOT_FOUND } from "~/features/quizzes/quiz.server.ts";
import { OTHER_INBOX, SENDING_TOO_FAST, UNKNOWN_RECIPIENT } from "~/features/messages/texts.ts";
import { BOOK_NOT_FOUND, NO_PDF } from "~/features/library/texts.ts";
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
  ApiQuestionSchema,
  CourseCreateFormSchema,
  CourseUpdateFormSchema,
  CourseUpdateJsonSchema,
} from "~/features/courses/authoring/schema.ts";
import { API_CERTIFICATES_PAGE_SIZE } from "~/features/certificates/certificates.server.ts";
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
  QUIZ_TARGET_MISSING,
  QuizAnswersSchema,
  QuizAnswersWithModuleSchema,
  QuizAttemptsSchema,
  QuizResultSchema,
} from "~/features/quizzes/answer-api.server.ts";
import {
  ApiFolderItemSchema,
  ApiMessageSchema,
  ApiReceivedItemSchema,
  ApiSentItemSchema,
  ComposeSchema,
} from "~/features/messages/schema.ts";
import { ContactSchema } from "~/features/contact/schema.ts";
import { BookCreatedSchema, BookJsonSchema, BookUploadFormSchema } from "~/features/library/schema.ts";
import {
  API_NOT_FOUND,
  ApiErrorSchema,
  BODY_NOT_JSON,
  BODY_NOT_OBJECT,
  BODY_TOO_LARGE,
  BODY_UNREADABLE,
  FORBIDDEN_OTHER_COURSES,
  FORBIDDEN_OTHER_PROGRESS,
  FORBIDDEN_PROFILE,
  PROGRESS_NOT_ENROLLED,
  ApiNoticeIdSchema,
  ApiNoticeSchema,
  METHOD_NOT_ALLOWED,
  QUERY_PARAMS,
  type QueryParam,
} from "~/lib/api.server.ts";
import { publicUrl } from "~/lib/env.server.ts";
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
  /** An example of the body (shown beside the schema; a generator's mock uses it). */
  example?: unknown;
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
  errors?: Record<number, ErrorDoc>;
  /** The 401 texts, when the call has its own (the quiz calls). */
  unauthenticated?: readonly string[];
};
/**
 * An error answer: what it means and the exact texts the code sends, taken from the constants
 * the code answers with (each becomes an example; tests/openapi.test.ts checks every error it
 * provokes against them). `varies`: the text depends on the input (a validation message).
 */
type ErrorDoc = { description: string; texts: readonly string[]; varies?: boolean };
const error = (description: string, ...texts: string[]): ErrorDoc => ({ description, texts });
/** An error whose text depends on the input: `texts` are examples of it. */
const invalid = (description: string, ...texts: string[]): ErrorDoc => ({ description, texts, varies: true });

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
  PreguntaDeApi: ApiQuestionSchema,
  CursoInscrito: EnrolledCourseSchema,
  Certificado: PublicCertificateSchema,
  ResultadoDeEvaluacion: QuizResultSchema,
  Respuestas: QuizAnswersSchema,
  Mensaje: ApiMessageSchema,
  MensajeRecibido: ApiReceivedItemSchema,
  MensajeEnviado: ApiSentItemSchema,
  Libro: BookJsonSchema,
};

/** The query parameters the routes read and check (lib/api.server.ts: QUERY_PARAMS, apiQuery). */
const QUERY: Record<QueryParam, { schema: Record<string, unknown>; description: string; invalid: string }> =
  QUERY_PARAMS;

const HEADERS = {
  Link: {
    description: 'RFC 8288: las URL de las páginas siguiente (rel="next") y anterior (rel="prev"), si las hay.',
    schema: { type: "string" },
  },
  "X-Total-Count": { description: "Cantidad total de elementos de la lista.", schema: { type: "integer" } },
  "X-Total-Exact": {
    description:
      "false cuando una búsqueda (?q=) encuentra más de 1000 elementos: X-Total-Count es entonces " +
      "1000 y las páginas llegan a los 1000 más recientes; true en otro caso.",
    schema: { type: "string", enum: ["true", "false"] },
  },
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

const QUIZ_401 = [QUIZ_AUTH_MESSAGES.missing, QUIZ_AUTH_MESSAGES.invalid, QUIZ_AUTH_MESSAGES.noUser];

/** A course as the lists show it, for the examples. */
const EXAMPLE_COURSE: z.output<typeof CourseSummarySchema> = {
  id: "cm3x2k9a10000ab12cd34ef56",
  titulo: "Compostaje en casa",
  imagenUrl: null,
  duracionHoras: 10,
  dirigidoA: "general",
  estado: "publicado",
  herramientas: ["Pala", "Balde con tapa"],
  loAprenderan: ["Separar residuos orgánicos", "Mantener una compostera"],
  cantidadParticipantes: 42,
};

const json = (description: string, schema: z.ZodType, headers?: Header[]): Answer => ({ description, schema, headers });
const done = (description = "Hecho.") => json(description, ApiNoticeIdSchema);
const PAGED: Header[] = ["Link", "X-Total-Count"];
const KEYSET = ["page", "desde", "antes"] as const;

// The document itself: loose, so this check stays a check of the shape, not of every key.
const OpenApiSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.looseObject({}))),
});

// ---------------------------------------------------------------------------------------------
// The calls: one entry per path and method of the `api` block of app/routes.ts

const OPERATIONS: Record<string, Partial<Record<Method, Operation>>> = {
  "/api/auth/login": {
    post: {
      tag: "Cuentas",
      summary: "Iniciar sesión y obtener un token",
      description: `El token (JWT) vale ${API_TOKEN_TTL_S / 3600} horas o hasta que se cierre con /api/auth/logout.`,
      access: "public",
      body: { json: LoginSchema },
      ok: { 200: json("El usuario y su token.", ApiLoginSchema) },
      errors: {
        401: error("Correo o contraseña incorrectos.", BAD_CREDENTIALS),
        403: error("Cuenta pendiente de aprobación o suspendida.", PENDING_APPROVAL, ACCOUNT_SUSPENDED),
        429: error("Demasiados intentos (ver Retry-After).", TOO_MANY_REQUESTS),
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
      errors: {
        429: error(
          "Demasiados registros desde esta dirección o para este correo (ver Retry-After).",
          TOO_MANY_REQUESTS,
        ),
      },
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
        400: invalid(
          "Datos inválidos (el mensaje dice cuál) o la contraseña actual incorrecta.",
          CURRENT_PASSWORD_WRONG,
        ),
        429: error("Demasiadas contraseñas actuales incorrectas (ver Retry-After).", TOO_MANY_REQUESTS),
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
      errors: { 429: error("Demasiadas descargas (ver Retry-After).", MY_DATA_TOO_MANY) },
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
        400: invalid("Datos inválidos (el mensaje dice cuál) o la contraseña incorrecta.", DELETE_PASSWORD_WRONG),
        409: error("Eres el único administrador aprobado.", LAST_ADMIN),
        429: error("Demasiadas contraseñas incorrectas (ver Retry-After).", TOO_MANY_REQUESTS),
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
      errors: {
        429: error(
          "Demasiadas solicitudes desde esta dirección IP o para ese correo (ver Retry-After).",
          TOO_MANY_REQUESTS,
        ),
      },
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
      errors: {
        400: invalid("Enlace no válido, usado o vencido, o contraseña que no cumple las reglas.", RESET_LINK_INVALID),
      },
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
  "/api/auth/approve/{userId}": {
    put: {
      tag: "Cuentas",
      summary: "Aprobar una cuenta",
      access: "admin",
      ok: { 200: done("Cuenta aprobada.") },
      errors: {
        404: error("Usuario no encontrado.", USER_NOT_FOUND),
        409: error("La cuenta espera la autorización de su madre, padre o tutor.", GUARDIAN_PENDING),
      },
    },
  },
  "/api/auth/suspend/{userId}": {
    put: {
      tag: "Cuentas",
      summary: "Suspender una cuenta (cierra sus sesiones y tokens)",
      access: "admin",
      ok: { 200: done("Cuenta suspendida.") },
      errors: {
        400: error("No puedes suspender tu propia cuenta.", CANNOT_SUSPEND_SELF),
        404: error("Usuario no encontrado.", USER_NOT_FOUND),
      },
    },
  },
  "/api/auth/users/{userId}": {
    delete: {
      tag: "Cuentas",
      summary: "Eliminar una cuenta y sus datos personales",
      description:
        "Como 'Eliminar mi cuenta': cierra sus sesiones y tokens; sus mensajes enviados dicen 'Cuenta eliminada'. " +
        "El cuerpo es opcional: sin él, o sin certificados, los certificados siguen verificables (conservar).",
      access: "admin",
      body: { json: AdminDeleteUserSchema, optional: true },
      ok: { 200: done("Cuenta eliminada.") },
      errors: {
        400: invalid("No puedes eliminar tu propia cuenta, o certificados no válido.", CANNOT_DELETE_SELF),
        404: error("Usuario no encontrado.", USER_NOT_FOUND),
      },
    },
  },
  "/api/auth/users/{userId}/profile": {
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
        400: invalid("Datos inválidos (por ejemplo, una fecha de nacimiento imposible).", NOTHING_TO_UPDATE),
        403: error("No es tu perfil.", FORBIDDEN_PROFILE),
        404: error("Usuario no encontrado.", USER_NOT_FOUND, USER_UNKNOWN),
        409: error("El correo ya tiene una cuenta.", EMAIL_TAKEN),
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
      errors: {
        403: error("No es tu cuenta.", FORBIDDEN_OTHER_COURSES),
        404: error("Usuario no encontrado.", USER_NOT_FOUND),
      },
    },
  },
  "/api/auth/usuario/cursos-inscritos/{cursoId}": {
    delete: {
      tag: "Cursos",
      summary: "Dejar un curso propio",
      description:
        "Borra la inscripción de quien llama en ese curso con su progreso y resultados; los certificados ya " +
        "emitidos siguen válidos.",
      access: "user",
      ok: { 200: done("Inscripción eliminada.") },
      errors: { 404: error("No te has inscrito en ese curso.", NOT_ENROLLED) },
    },
  },
  "/api/cursos/destacados": {
    get: {
      tag: "Cursos",
      summary: "Los 10 cursos publicados con más participantes",
      description: "Los de más participantes primero; sin credenciales, igual para todos.",
      access: "public",
      ok: { 200: { ...json("Los cursos.", FeaturedCoursesSchema), example: { cursos: [EXAMPLE_COURSE] } } },
    },
  },
  "/api/cursos/publico/{tipo}": {
    get: {
      tag: "Cursos",
      summary: "Cursos publicados para un público",
      description:
        "Los cursos publicados dirigidos a ese público (docente, estudiante o comunidad), " +
        `${COURSES_PAGE_SIZE} por página.`,
      access: "public",
      query: [...KEYSET],
      ok: { 200: json("Una página de cursos.", CourseListSchema, ["Link"]) },
      errors: { 404: error("Público desconocido.", INVALID_CATEGORY) },
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
  "/api/cursos/{cursoId}": {
    get: {
      tag: "Cursos",
      summary: "Un curso",
      description:
        "Los materiales solo si quien llama puede verlos; las respuestas correctas, solo para administradores.",
      access: "optional",
      ok: { 200: json("El curso.", CourseDetailSchema) },
      errors: { 404: error("Curso no encontrado (o no visible para quien llama).", COURSE_NOT_FOUND) },
    },
    put: {
      tag: "Cursos",
      summary: "Editar un curso (todo o nada)",
      access: "admin",
      body: { form: CourseUpdateFormSchema, json: CourseUpdateJsonSchema },
      ok: { 200: done("Curso actualizado.") },
      errors: { 404: error("Curso no encontrado.", COURSE_NOT_FOUND) },
    },
    delete: {
      tag: "Cursos",
      summary: "Eliminar un curso",
      access: "admin",
      ok: { 200: done("Curso eliminado.") },
      errors: { 404: error("Curso no encontrado.", COURSE_NOT_FOUND) },
    },
  },
  "/api/cursos/{cursoId}/cantidadParticipantes": {
    get: {
      tag: "Cursos",
      summary: "Cantidad de participantes de un curso",
      description: "Cuántas personas están inscritas; un borrador solo lo cuenta un administrador (si no, 404).",
      access: "user",
      ok: { 200: json("La cantidad.", ParticipantCountSchema) },
      errors: { 404: error("Curso no encontrado.", COURSE_NOT_FOUND) },
    },
  },
  "/api/cursos/{cursoId}/registrarParticipante": {
    post: {
      tag: "Cursos",
      summary: "Inscribirse en un curso",
      description:
        "Las mismas reglas que 'Comenzar curso' del sitio: un curso publicado, dirigido a todos o al rol de " +
        "quien llama. Inscribirse dos veces no es un error (200, yaInscrito).",
      access: "user",
      ok: { 201: json("Inscripción creada.", EnrolledSchema), 200: json("Ya estaba inscrito.", EnrolledSchema) },
      errors: {
        403: invalid("El curso es para otro público.", enrolWrongAudience("docente")),
        404: error("Curso no encontrado.", COURSE_NOT_FOUND),
      },
    },
  },
  "/api/cursos/{cursoId}/publicar": {
    put: {
      tag: "Cursos",
      summary: "Publicar un curso",
      access: "admin",
      ok: { 200: json("Curso publicado.", CourseStateSchema) },
      errors: { 404: error("Curso no encontrado.", COURSE_NOT_FOUND) },
    },
  },
  "/api/cursos/{cursoId}/participantes": {
    get: {
      tag: "Cursos",
      summary: "Participantes de un curso, en orden de inscripción",
      description: "50 por página.",
      access: "admin",
      query: ["page"],
      ok: { 200: json("Una página de participantes.", ParticipantsSchema, PAGED) },
      errors: { 404: error("Curso no encontrado.", COURSE_NOT_FOUND) },
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
      errors: {
        400: invalid(
          "El curso aún no está terminado, o no tiene evaluaciones.",
          finishIncomplete(50),
          FINISH_NO_QUIZZES,
        ),
        403: error("Quien llama no está inscrito en el curso.", FINISH_NOT_ENROLLED),
        404: error("Curso no encontrado.", COURSE_NOT_FOUND),
      },
    },
  },
  "/api/certificados/usuario/{userId}": {
    get: {
      tag: "Certificados",
      summary: "Certificados de un usuario",
      description:
        "Los propios; un administrador, los de cualquiera. Los más nuevos primero, " +
        `${API_CERTIFICATES_PAGE_SIZE} por página.`,
      access: "user",
      query: [...KEYSET],
      ok: { 200: json("Una página de certificados, los más nuevos primero.", UserCertificatesSchema, ["Link"]) },
      errors: {
        403: error("No es tu cuenta.", CERTIFICATES_FORBIDDEN),
        404: error("Usuario no encontrado.", USER_NOT_FOUND),
      },
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
      errors: { 400: error("El perfil no tiene nombre.", NAME_REQUIRED_FOR_CERTIFICATES) },
    },
  },
  "/api/cursos/{cursoId}/modulos/{moduloIndex}/responder": {
    post: {
      tag: "Evaluaciones",
      summary: "Responder la evaluación de un módulo",
      description: "Se califica en el servidor; cualquier nota enviada se ignora.",
      access: "user",
      body: { json: QuizAnswersSchema },
      ok: { 200: json("El resultado.", QuizResultSchema) },
      unauthenticated: QUIZ_401,
      errors: {
        400: invalid("Faltan el curso o el módulo, o las respuestas no son válidas.", QUIZ_TARGET_MISSING),
        403: error("No inscrito en el curso.", QUIZ_FORBIDDEN),
        404: error("Curso, módulo o evaluación no encontrados.", QUIZ_NOT_FOUND),
      },
    },
  },
  "/api/quiz/respuestas": {
    post: {
      tag: "Evaluaciones",
      summary: "Responder una evaluación (curso y módulo en el cuerpo)",
      description:
        "Como POST /api/cursos/{cursoId}/modulos/{moduloIndex}/responder, con cursoId y moduloIndex en el cuerpo. Se " +
        "califica en el servidor; cualquier nota enviada se ignora.",
      access: "user",
      body: { json: QuizAnswersWithModuleSchema },
      ok: { 200: json("El resultado.", QuizResultSchema) },
      unauthenticated: QUIZ_401,
      errors: {
        400: invalid("Faltan el curso o el módulo, o las respuestas no son válidas.", QUIZ_TARGET_MISSING),
        403: error("No inscrito en el curso.", QUIZ_FORBIDDEN),
        404: error("Curso, módulo o evaluación no encontrados.", QUIZ_NOT_FOUND),
      },
    },
  },
  "/api/quiz/intentos/{cursoId}/{moduloIndex}": {
    get: {
      tag: "Evaluaciones",
      summary: "Intentos propios en la evaluación de un módulo",
      description: "Si quien llama ya la aprobó, cuántas veces la rindió, su último porcentaje y el mejor.",
      access: "user",
      ok: { 200: json("Los intentos.", QuizAttemptsSchema) },
      unauthenticated: QUIZ_401,
      errors: {
        400: invalid("Faltan el curso o el módulo, o las respuestas no son válidas.", QUIZ_TARGET_MISSING),
        403: error("No inscrito en el curso.", QUIZ_FORBIDDEN),
        404: error("Curso, módulo o evaluación no encontrados.", QUIZ_NOT_FOUND),
      },
    },
  },
  "/api/cursos/{cursoId}/usuarios/{userId}/progreso": {
    post: {
      tag: "Evaluaciones",
      summary: "Recalcular el progreso de un usuario en un curso",
      description: "A partir de los resultados guardados; un progreso enviado se ignora. El propio o un administrador.",
      access: "user",
      ok: { 200: json("El progreso.", ProgressSchema) },
      errors: {
        403: error("No es tu cuenta.", FORBIDDEN_OTHER_PROGRESS),
        404: error("La cuenta no está inscrita en el curso.", PROGRESS_NOT_ENROLLED),
      },
    },
  },
  "/api/mensajes": {
    get: {
      tag: "Mensajes",
      summary: "Mensajes recibidos (o enviados) de quien llama",
      description:
        "Los más nuevos primero, 50 por página. Cada mensaje dice su carpeta: recibidos (MensajeRecibido, con " +
        "leido) o, con ?carpeta=enviados, enviados (MensajeEnviado, con toName y sin leido).",
      access: "user",
      query: ["correo", "carpeta", ...KEYSET],
      ok: {
        200: json("Una página de mensajes.", z.array(ApiFolderItemSchema), ["Link"]),
      },
      errors: { 403: error("Una bandeja ajena (también para administradores).", OTHER_INBOX) },
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
      errors: {
        404: error("Destinatario desconocido.", UNKNOWN_RECIPIENT),
        429: error("Demasiados mensajes (ver Retry-After).", SENDING_TOO_FAST),
      },
    },
  },
  "/api/mail/send": {
    post: {
      tag: "Mensajes",
      summary: "Formulario de contacto",
      description:
        "Llega a los administradores; no requiere cuenta. Un número limitado de mensajes cada " +
        `${BUDGETS.contactIp.duration / 60} minutos desde cada dirección IP.`,
      access: "public",
      body: { json: ContactSchema },
      ok: { 200: json("Mensaje recibido.", ApiNoticeSchema) },
      errors: { 429: error("Demasiados mensajes (ver Retry-After).", TOO_MANY_REQUESTS) },
    },
  },
  "/api/books/libros": {
    get: {
      tag: "Biblioteca",
      summary: "Libros, los más nuevos primero",
      description: "50 por página.",
      access: "user",
      query: ["page", "q"],
      ok: { 200: json("Una página de libros.", z.array(BookJsonSchema), [...PAGED, "X-Total-Exact"]) },
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
  "/api/books/download/{libroId}": {
    get: {
      tag: "Biblioteca",
      summary: "El PDF de un libro",
      description: "En línea (para la vista previa); con ?descargar=1, como descarga. Admite Range.",
      access: "user",
      query: ["descargar"],
      ok: { 200: { description: "El PDF.", pdf: true }, 206: { description: "Un rango del PDF.", pdf: true } },
      errors: { 404: error("Libro no encontrado o sin PDF.", BOOK_NOT_FOUND, NO_PDF) },
    },
  },
  "/api/books/{libroId}": {
    delete: {
      tag: "Biblioteca",
      summary: "Eliminar un libro",
      access: "admin",
      ok: { 200: done("Libro eliminado.") },
      errors: { 404: error("Libro no encontrado.", BOOK_NOT_FOUND) },
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
  "/api/admin/cursos/{cursoId}/reporte": {
    get: {
      tag: "Reportes",
      summary: "Reporte de un curso",
      description: "Embudo de participantes, tasa de aprobación por módulo y preguntas más falladas.",
      access: "admin",
      ok: { 200: json("El reporte.", CourseReportSchema) },
      errors: { 404: error("Curso no encontrado.", COURSE_NOT_FOUND) },
    },
  },
  "/api/admin/cursos/{cursoId}/calificaciones": {
    get: {
      tag: "Reportes",
      summary: "Libro de calificaciones de un curso",
      description: "Participantes × módulos con evaluación: mejor nota, intentos y aprobado; 100 por página.",
      access: "admin",
      query: ["page"],
      ok: { 200: json("Una página del libro de calificaciones.", GradebookSchema, PAGED) },
      errors: { 404: error("Curso no encontrado.", COURSE_NOT_FOUND) },
    },
  },
  "/api/openapi.json": {
    get: {
      tag: "Documentación",
      summary: "Este documento (OpenAPI 3.1)",
      description:
        "Hecho de los mismos esquemas con que las rutas leen y responden; sirve para generar clientes " +
        "(su servers da la dirección base).",
      access: "public",
      ok: {
        200: {
          ...json("El documento.", OpenApiSchema),
          example: { openapi: "3.1.1", info: { title: "API de la academia", version: "1.0.0" }, paths: {} },
        },
      },
    },
  },
  "/api/docs": {
    get: {
      tag: "Documentación",
      summary: "La referencia de la API, para leer (HTML)",
      description: "Este documento como una página sin JavaScript, para leer en el navegador o en un teléfono.",
      access: "public",
      ok: { 200: { description: "La página.", html: true, example: '<!DOCTYPE html><html lang="es-CL">…</html>' } },
    },
  },
};

/**
 * The query parameters the document gives a GET call: the ones its route checks with apiQuery
 * (lib/api.server.ts), so the route refuses what the document does not allow.
 */
export function documentedQuery(path: string): QueryParam[] {
  const op = OPERATIONS[path]?.get;
  if (!op) throw new Error(`${path} no está en el documento de la API.`);
  return op.query ?? [];
}

// ---------------------------------------------------------------------------------------------
// The document, built once from the registry

type JsonSchema = Record<string, unknown>;
const REF = "#/components/schemas/";

/** The errors every call of this kind can answer, beyond its own. */
function impliedErrors(op: Operation): Record<number, ErrorDoc> {
  const errors: Record<number, ErrorDoc> = {};
  if (op.body) {
    errors[400] = {
      description: "Datos inválidos (el mensaje dice cuál).",
      texts: [BODY_NOT_JSON, BODY_NOT_OBJECT, BODY_UNREADABLE],
      varies: true,
    };
    errors[413] = error("El cuerpo o un archivo supera el máximo.", BODY_TOO_LARGE);
  }
  if (op.query?.length) {
    const texts = op.query.map((name) => QUERY[name].invalid);
    errors[400] = errors[400]
      ? { ...errors[400], texts: [...errors[400].texts, ...texts] }
      : error("Un parámetro de la consulta no es válido (el mensaje dice cuál).", ...texts);
  }
  if (op.access === "user" || op.access === "token" || op.access === "admin") {
    const texts = op.unauthenticated ?? [NO_TOKEN, BAD_TOKEN, TOKEN_ENDED];
    errors[401] = error("Sin token o sesión, o token inválido o cerrado.", ...texts);
  }
  if (op.access === "optional") {
    errors[401] = error(
      "Token inválido o cerrado (sin token se responde como a un visitante).",
      BAD_TOKEN,
      TOKEN_ENDED,
    );
  }
  if (op.access === "admin") errors[403] = error("Quien llama no es administrador.", NOT_ALLOWED);
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
      // A discriminated union says which field tells its options apart, and which value is which.
      const discriminator = (zodSchema._zod.def as { discriminator?: string }).discriminator;
      if (discriminator && Array.isArray(s.oneOf)) {
        const options = (zodSchema as unknown as z.ZodDiscriminatedUnion<z.ZodObject[]>).options;
        const mapping: Record<string, string> = {};
        options.forEach((option, i) => {
          const ref = (s.oneOf as JsonSchema[])[i]?.$ref;
          const value = (option.shape[discriminator] as z.ZodLiteral<string>).value;
          if (typeof ref === "string") mapping[value] = ref;
        });
        s.discriminator = { propertyName: discriminator, mapping };
      }
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

/** The texts of an error answer as named examples (`error-1`, …). */
function errorExamples(texts: readonly string[]) {
  return Object.fromEntries([...new Set(texts)].map((text, i) => [`error-${i + 1}`, { value: { error: text } }]));
}

function errorAnswer({ description, texts, varies }: ErrorDoc) {
  const examples = texts.length ? { examples: errorExamples(texts) } : {};
  return {
    description,
    // The examples are some of the texts, not all: the text says what in the input is wrong.
    ...(varies ? { "x-texto-variable": true } : {}),
    content: { "application/json": { schema: { $ref: `${REF}Error` }, ...examples } },
  };
}

/** The answers every call shares: a method the path does not serve, and a path that is no call. */
const SHARED_RESPONSES = {
  MetodoNoPermitido: {
    description: "Método no admitido en esta ruta; Allow dice cuáles lo son.",
    headers: { Allow: { description: "Los métodos que la ruta admite.", schema: { type: "string" } } },
    content: {
      "application/json": { schema: { $ref: `${REF}Error` }, examples: errorExamples([METHOD_NOT_ALLOWED]) },
    },
  },
  RutaNoEncontrada: {
    description: "Ruta no encontrada: la dirección no es la de ninguna llamada (cualquier método).",
    content: { "application/json": { schema: { $ref: `${REF}Error` }, examples: errorExamples([API_NOT_FOUND]) } },
  },
};

function answerOf(answer: Answer, defs: Record<string, JsonSchema>) {
  const headers = answer.headers?.length ? Object.fromEntries(answer.headers.map((h) => [h, HEADERS[h]])) : undefined;
  const content = answer.schema
    ? { "application/json": { schema: schemaOf(answer.schema, "output", defs) } }
    : answer.pdf
      ? { "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } } }
      : answer.zip
        ? { "application/zip": { schema: { type: "string", contentMediaType: "application/zip" } } }
        : { "text/html": { schema: { type: "string" } } };
  if (answer.example !== undefined) {
    for (const media of Object.values(content) as Array<Record<string, unknown>>) {
      media.examples = { ejemplo: { value: answer.example } };
    }
  }
  return { description: answer.description, ...(headers ? { headers } : {}), content };
}

function operationOf(method: Method, path: string, op: Operation, defs: Record<string, JsonSchema>) {
  const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    ...(PATH_PARAMS[name!] ?? { schema: { type: "string" } }),
  }));
  const queryParams = (op.query ?? []).map((name) => ({
    name,
    in: "query",
    required: false,
    description: QUERY[name].description,
    schema: QUERY[name].schema,
  }));
  const body = op.body && {
    required: !op.body.optional,
    content: {
      ...(op.body.json ? { "application/json": { schema: schemaOf(op.body.json, "input", defs) } } : {}),
      ...(op.body.form ? { "multipart/form-data": { schema: schemaOf(op.body.form, "input", defs) } } : {}),
    },
  };
  // A call's own error of a status the implied ones have too adds its texts to theirs.
  const errors = impliedErrors(op);
  for (const [status, own] of Object.entries(op.errors ?? {}) as unknown as Array<[number, ErrorDoc]>) {
    const implied = errors[status];
    errors[status] = implied
      ? { description: own.description, texts: [...own.texts, ...implied.texts], varies: own.varies || implied.varies }
      : own;
  }
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(op.ok)) responses[status] = answerOf(answer, defs);
  for (const [status, doc] of Object.entries(errors)) {
    const answer = errorAnswer(doc);
    // A 429 says when to come back.
    responses[status] = status === "429" ? { ...answer, headers: { "Retry-After": HEADERS["Retry-After"] } } : answer;
  }
  // A path with a typo answers 404 for any call; a call with its own 404 says so above.
  responses["404"] ??= { $ref: "#/components/responses/RutaNoEncontrada" };
  responses["405"] = { $ref: "#/components/responses/MetodoNoPermitido" };
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
    // The public address (APP_URL), never a request's Host header: generated clients take it as
    // their base URL.
    servers: [{ url: publicUrl(), description: "Esta academia." }],
    tags: TAGS,
    paths,
    components: {
      schemas: sorted,
      responses: SHARED_RESPONSES,
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
