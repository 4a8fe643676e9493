// The API's calls under the OpenAPI tag Cursos (docs/product.md#json-api): the catalog, a course,
// enrolling and leaving, and the admin's authoring, publishing and participants. The tag spans the
// course features that import one way (docs/decisions/019-course-features-one-way.md: courses,
// enrolment, learning, authoring), so its calls live here, above all of them, beside the builder
// (openapi.server.ts), which puts them in the document in this order; each entry names the schemas
// its route reads and answers with and the texts it sends, in the vocabulary of operation.server.ts.
import { z } from "zod";
import { USER_NOT_FOUND } from "~/features/users/users.server.ts";
import { NOT_ENROLLED } from "~/features/enrolment/texts.ts";
import { INVALID_CATEGORY } from "~/features/learning/audience-page.server.ts";
import {
  COURSE_NOT_FOUND,
  REVIEW_COMMENT_REQUIRED,
  REVIEW_NOT_DRAFT,
  REVIEW_NOT_PENDING,
  TEAM_TOO_MANY,
  TEAM_USER_NOT_APPROVED,
  TEAM_USER_NOT_DOCENTE,
  TEAM_USER_UNKNOWN,
} from "~/features/courses/texts.ts";
import { ReturnToDraftSchema, TeamPutSchema, TeamSchema } from "~/features/courses/team-schema.ts";
import { NOT_ALLOWED } from "~/features/auth/api-guards.server.ts";
import { COURSES_PAGE_SIZE } from "~/features/courses/courses.server.ts";
import { enrolWrongAudience } from "~/features/enrolment/rules.ts";
import { CourseDetailSchema } from "~/features/learning/course-json.ts";
import {
  CourseListSchema,
  CourseStateSchema,
  type CourseSummarySchema,
  EnrolledSchema,
  FeaturedCoursesSchema,
  ParticipantCountSchema,
  ParticipantsSchema,
} from "~/features/courses/course-json.ts";
import {
  CourseCreateFormSchema,
  CoursePatchFormSchema,
  CoursePatchJsonSchema,
  CourseUpdateFormSchema,
  CourseUpdateJsonSchema,
} from "~/features/authoring/api-schema.ts";
import { DATES_ORDER, FIELDS_MISSING } from "~/features/authoring/texts.ts";
import { EnrolledCourseSchema } from "~/features/learning/enrolled-courses.server.ts";
import { FORBIDDEN_OTHER_COURSES } from "~/lib/api.server.ts";
import { error, invalid, json, done, PAGED, KEYSET, type Operations } from "~/lib/api/operation.server.ts";

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

/** The calls of the tag Cursos, in the order of the document. */
export const COURSE_CALLS: Operations = {
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
      description: "Administradores y docentes; un docente queda como primer profesor/a del curso.",
      access: "user",
      errors: { 403: error("Quien llama no es administrador ni docente.", NOT_ALLOWED) },
      body: { form: CourseCreateFormSchema },
      ok: { 201: json("Curso creado.", CourseStateSchema) },
    },
  },
  "/api/cursos/{cursoId}": {
    get: {
      tag: "Cursos",
      summary: "Un curso",
      description:
        "Los materiales solo si quien llama puede verlos; las respuestas correctas y la exigencia, solo para " +
        "administradores y el equipo docente del curso.",
      access: "optional",
      ok: { 200: json("El curso.", CourseDetailSchema) },
      errors: { 404: error("Curso no encontrado (o no visible para quien llama).", COURSE_NOT_FOUND) },
    },
    put: {
      tag: "Cursos",
      summary: "Reemplazar un curso (todo o nada)",
      description:
        "Todos los campos del curso son obligatorios: uno que falta es un 400 que lo nombra, nunca un valor " +
        "por defecto (vacío lo deja en blanco; en JSON, null también). La imagen y los módulos, si no se " +
        "envían, no cambian. Para cambiar solo algunos campos, PATCH.",
      access: "team",
      body: { form: CourseUpdateFormSchema, json: CourseUpdateJsonSchema },
      ok: { 200: done("Curso actualizado.") },
      errors: {
        400: invalid("Falta un campo del curso, o uno no es válido.", FIELDS_MISSING(["exigencia"])),
        404: error("Curso no encontrado.", COURSE_NOT_FOUND),
      },
    },
    patch: {
      tag: "Cursos",
      summary: "Cambiar algunos campos de un curso",
      description:
        "Solo cambian los campos enviados (también imagen y modulos, como en PUT); los demás quedan como " +
        "están. Las mismas reglas que PUT sobre el curso resultante (por ejemplo, el orden de las fechas).",
      access: "team",
      body: { form: CoursePatchFormSchema, json: CoursePatchJsonSchema },
      ok: { 200: done("Curso actualizado.") },
      errors: {
        400: invalid("Un campo no es válido (el mensaje dice cuál).", DATES_ORDER),
        404: error("Curso no encontrado.", COURSE_NOT_FOUND),
      },
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
      description:
        "Administradores; el equipo docente del curso solo si la academia lo permite (TEACHERS_PUBLISH=true). " +
        "Publica también un curso en revisión.",
      access: "team",
      ok: { 200: json("Curso publicado.", CourseStateSchema) },
      errors: { 404: error("Curso no encontrado.", COURSE_NOT_FOUND) },
    },
  },
  "/api/cursos/{cursoId}/revision": {
    put: {
      tag: "Cursos",
      summary: "Enviar un borrador a revisión",
      description: "El curso queda en revisión hasta que un administrador lo publique o lo devuelva a borrador.",
      access: "team",
      ok: { 200: json("Curso en revisión.", CourseStateSchema) },
      errors: {
        404: error("Curso no encontrado.", COURSE_NOT_FOUND),
        409: error("El curso no es un borrador.", REVIEW_NOT_DRAFT),
      },
    },
    delete: {
      tag: "Cursos",
      summary: "Devolver a borrador un curso en revisión",
      description: "El comentario llega a cada profesor/a del equipo como un mensaje interno de quien lo devuelve.",
      access: "admin",
      body: { json: ReturnToDraftSchema },
      ok: { 200: json("Curso devuelto a borrador.", CourseStateSchema) },
      errors: {
        400: invalid("Falta el comentario.", REVIEW_COMMENT_REQUIRED),
        404: error("Curso no encontrado.", COURSE_NOT_FOUND),
        409: error("El curso no está en revisión.", REVIEW_NOT_PENDING),
      },
    },
  },
  "/api/cursos/{cursoId}/participantes": {
    get: {
      tag: "Cursos",
      summary: "Participantes de un curso, en orden de inscripción",
      description: "50 por página.",
      access: "team",
      query: ["page"],
      ok: { 200: json("Una página de participantes.", ParticipantsSchema, PAGED) },
      errors: { 404: error("Curso no encontrado.", COURSE_NOT_FOUND) },
    },
  },
  "/api/cursos/{cursoId}/equipo": {
    get: {
      tag: "Cursos",
      summary: "El equipo docente de un curso",
      description: "Los profesores/as del curso, en el orden en que se agregaron (los administradores no se listan).",
      access: "team",
      ok: { 200: json("El equipo.", TeamSchema) },
      errors: { 404: error("Curso no encontrado.", COURSE_NOT_FOUND) },
    },
    put: {
      tag: "Cursos",
      summary: "Reemplazar el equipo docente de un curso",
      description:
        "El equipo pasa a ser exactamente las cuentas de `profesores` (ids de cuentas aprobadas con rol " +
        "docente); quienes siguen conservan cuándo y quién los agregó. Cada cambio queda en el registro de auditoría.",
      access: "admin",
      body: { json: TeamPutSchema },
      ok: { 200: json("El equipo actualizado.", TeamSchema) },
      errors: {
        400: invalid(
          "Una cuenta no existe, no está aprobada o no es docente (el mensaje dice cuál).",
          TEAM_USER_UNKNOWN,
          TEAM_USER_NOT_APPROVED,
          TEAM_USER_NOT_DOCENTE,
          TEAM_TOO_MANY,
        ),
        404: error("Curso no encontrado.", COURSE_NOT_FOUND),
      },
    },
  },
};
