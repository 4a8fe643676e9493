// The announcements' requests and answers (docs/product.md#announcements): form, API and OpenAPI
// alike. Server only (decision 003).
import { z } from "zod";
import { multiLineText, singleLineText } from "~/lib/text.ts";
import { TEXT_MAX, TEXT_REQUIRED, TEXT_TOO_LONG, TITLE_MAX, TITLE_REQUIRED, TITLE_TOO_LONG } from "./texts.ts";

/** 'Publicar aviso', 'Guardar' and POST / PUT /api/cursos/{cursoId}/avisos[/{avisoId}]. */
export const AnnouncementFieldsSchema = z.object({
  titulo: singleLineText(
    z
      .string({ error: TITLE_REQUIRED })
      .trim()
      .min(1, TITLE_REQUIRED)
      .max(TITLE_MAX, TITLE_TOO_LONG)
      .meta({ description: `El título (1 a ${TITLE_MAX} caracteres, una línea). Ej.: Cambió la fecha del módulo 2.` }),
  ),
  texto: multiLineText(
    z
      .string({ error: TEXT_REQUIRED })
      // Windows line ends become one: the limit counts what is shown.
      .transform((v) => v.replace(/\r\n?/g, "\n"))
      .pipe(z.string().trim().min(1, TEXT_REQUIRED).max(TEXT_MAX, TEXT_TOO_LONG))
      .meta({
        description:
          `El texto (1 a ${TEXT_MAX} caracteres), simple: sin HTML ni formato; los saltos de línea se ` +
          "conservan y los enlaces http:// o https:// se muestran como enlaces.",
      }),
  ),
});

/** One announcement as the API answers it. */
export const AnnouncementJsonSchema = z.object({
  id: z.string(),
  cursoId: z.string(),
  curso: z.string().meta({ description: "El título del curso." }),
  titulo: z.string(),
  texto: z.string().meta({ description: "Texto simple; quien lo muestre debe escaparlo como texto." }),
  autor: z
    .string()
    .nullable()
    .meta({ description: "Nombre de quien lo publicó; null si su cuenta ya no existe (firma el equipo docente)." }),
  publicadoEn: z.iso.datetime(),
  editadoEn: z.iso.datetime().nullable().meta({ description: "Cuándo se editó por última vez; null si nunca." }),
});
export type AnnouncementJson = z.output<typeof AnnouncementJsonSchema>;

/** GET /api/cursos/{cursoId}/avisos: a page of the course's announcements, newest first. */
export const AnnouncementListSchema = z.object({
  cursoId: z.string(),
  avisos: z.array(AnnouncementJsonSchema),
});
export type AnnouncementList = z.output<typeof AnnouncementListSchema>;
