// The profile's schema and messages (docs/product.md#profile), for both pages and the API; server only.
import { z } from "zod";
import { email, PersonFields } from "~/features/accounts/schema.ts";

export const PROFILE_UPDATED = "Perfil actualizado con éxito";
export const UPDATE_FAILED = "Error al actualizar";
export const USER_UNKNOWN = "Usuario no identificado";
export const IMAGE_REFUSED = "No se pudo subir la imagen";
export const IMAGE_FAILED = "Hubo un error al subir la imagen";
export const NOTHING_TO_UPDATE = "Indica qué datos quieres actualizar.";
export const NAME_ON_CERTIFICATES =
  "Perfil actualizado con éxito. Tus certificados conservan el nombre con que se emitieron: puedes " +
  "actualizarlo en «Mis certificados».";
export const EMAIL_CONFIRMATION_SENT = (correo: string) =>
  `Te enviamos un enlace a ${correo} para confirmar el cambio de correo. ` +
  "Hasta que lo confirmes seguirás usando tu correo actual.";
export const EMAIL_CHANGE_INVALID =
  "El enlace para confirmar el correo no es válido, ya fue usado o expiró. " +
  "Solicita el cambio nuevamente desde tu perfil.";
export const EMAIL_CHANGED = (correo: string) => `Tu correo fue actualizado. Desde ahora ingresas con ${correo}.`;
const IMAGE_AS_FILE = "La imagen debe enviarse como archivo (multipart/form-data).";

/** The file field of the form and of the API's multipart body. */
export const IMAGE_FIELD = "imagenPerfil";

const checkbox = z
  .string()
  .max(10)
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1");

const OptionalPerson = z.object(PersonFields).partial().shape;

/** The HTML form: blank correo keeps the address; the image comes separately as a file. */
export const ProfileFormSchema = z.object({
  // The page's form always sends them (rectification); absent keeps them, blank is refused.
  ...OptionalPerson,
  correo: z
    .string()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(email("Ingresa tu correo electrónico.").optional()),
  quitarImagen: checkbox,
  /** Objection: the optional notices by e-mail (a new message…); unchecked is off… */
  avisosCorreo: checkbox,
  /** …when the form had the checkbox (it sends this marker beside it). */
  conAvisos: z.literal("1").optional(),
});
/** The form's fields as typed (the file input included). */
export type ProfileFields = z.input<typeof ProfileFormSchema> & { imagenPerfil?: unknown };

/** The API body: correo optional; `imagenPerfil: null` (JSON) or `quitarImagen` removes the image. */
const ProfileApiFields = z.object({
  ...OptionalPerson,
  avisosCorreo: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).optional(),
  correo: email("Ingresa tu correo electrónico.").optional(),
  imagenPerfil: z.null({ error: IMAGE_AS_FILE }).optional(),
  quitarImagen: z.union([z.boolean(), checkbox]).optional(),
});
export const ProfileApiSchema = ProfileApiFields.transform(({ imagenPerfil, quitarImagen, ...fields }) => ({
  ...fields,
  quitarImagen: imagenPerfil === null || quitarImagen === true,
}));

/** The API's multipart body, for the OpenAPI document (routes/api): the same fields and the image file. */
export const ProfileApiFormSchema = ProfileApiFields.extend({
  imagenPerfil: z.file().optional().meta({ description: "Imagen de perfil nueva (JPEG, PNG o WebP)." }),
});
