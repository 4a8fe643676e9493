// The certificates' API shapes (docs/product.md#certificates): what POST /api/cursos/finalizar
// reads and what the certificate calls answer. The OpenAPI document (routes/api) is made
// from these schemas. Server only: Zod stays out of browser bundles.
import { z } from "zod";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";

// Only cursoId is read: the user is always the token's (or session's) user; a body usuarioId
// is ignored.
export const FinishSchema = z.object({
  cursoId: z
    .string({ error: "Indica el curso (cursoId)." })
    .trim()
    .min(1, "Indica el curso (cursoId).")
    .max(100, COURSE_NOT_FOUND),
});

/** A certificate as its public verification shows it. */
export const PublicCertificateSchema = z.object({
  codigo: z.string(),
  nombreTitular: z.string(),
  tituloCurso: z.string(),
  duracionHoras: z.number().nullable(),
  emitidoEn: z.iso.datetime(),
  nombreActualizadoEn: z.iso
    .datetime()
    .nullable()
    .meta({ description: "Cuándo su titular actualizó el nombre (mismo código y enlace, PDF nuevo); null si nunca." }),
  revocadoEn: z.iso.datetime().nullable().meta({
    description:
      'Cuándo se revocó a petición de su titular (al eliminar su cuenta); entonces nombreTitular es "" y no hay PDF.',
  }),
  cursoId: z.string().nullable().meta({ description: "null si el curso fue eliminado: el certificado sigue válido." }),

  diplomaUrl: z.string(),
  verificacionUrl: z.string(),
});

/** GET /api/certificados/usuario/{userId}. */
export const UserCertificatesSchema = z.object({ certificados: z.array(PublicCertificateSchema) });
export type UserCertificates = z.output<typeof UserCertificatesSchema>;

/** POST /api/certificados/actualizar-nombre: how many certificates now carry the holder's current name. */
export const NameUpdatedSchema = z.object({ message: z.string(), actualizados: z.number().int() });
export type NameUpdated = z.output<typeof NameUpdatedSchema>;

/** POST /api/cursos/finalizar: the certificate (new: 201; already issued: 200). */
export const FinishedSchema = z.object({ diplomaUrl: z.string(), codigo: z.string(), verificacionUrl: z.string() });
export type Finished = z.output<typeof FinishedSchema>;
