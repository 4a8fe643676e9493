// The API's calls under the OpenAPI tag Certificados (docs/product.md#json-api): finishing a
// course, a user's certificates, the name on them. The builder
// (lib/api/openapi.server.ts) puts them in the document in this order; each entry names
// the schemas its route reads and answers with and the texts it sends, in the vocabulary of
// lib/api/operation.server.ts.
import { USER_NOT_FOUND } from "~/features/users/users.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import {
  CERTIFICATES_FORBIDDEN,
  FINISH_NO_QUIZZES,
  FINISH_NOT_ENROLLED,
  finishIncomplete,
  NAME_REQUIRED_FOR_CERTIFICATES,
} from "./texts.ts";
import { API_CERTIFICATES_PAGE_SIZE } from "./certificates.server.ts";
import { FinishedSchema, FinishSchema, UserCertificatesSchema, NameUpdatedSchema } from "./schema.ts";
import { error, invalid, json, KEYSET, type Operations } from "~/lib/api/operation.server.ts";

/** The calls of the tag Certificados, in the order of the document. */
export const CERTIFICATE_CALLS: Operations = {
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
};
