// The classes' own words (docs/product.md#classes), one place for the pages and the API.
// Free of Zod and Prisma, so pages can import them without shipping either to the browser.
export const CLASS_NOT_FOUND = "Clase no encontrada";

// A class's name ('Nueva clase', 'Cambiar nombre').
export const CLASS_NAME_LABEL = "Nombre de la clase";
export const CLASS_NAME_HINT = "Por ejemplo: Curso 3°B 2026";
export const CLASS_NAME_REQUIRED = "Escribe el nombre de la clase.";
export const CLASS_NAME_TOO_LONG = "El nombre de la clase admite hasta 80 caracteres.";
export const CLASS_NAME_TAKEN = "Ya hay una clase con ese nombre en este curso. Elige otro nombre.";
export const CLASS_CREATE_FAILED = "No se pudo crear la clase. Inténtalo nuevamente.";
export const CLASS_DELETE_CONFIRM =
  "Se eliminan la clase, su código y su lista de estudiantes. " +
  "Cada estudiante sigue en el curso, con su avance, sus evaluaciones y sus certificados.";

// The class's learners.
export const MEMBER_NOT_FOUND = "Esa persona no es parte de esta clase.";
export const CARDS_TITLE = "Tarjetas de acceso";
export const PUPIL_OWN_ACCOUNT =
  "Esta persona se unió con su propia cuenta: solo ella puede cambiar su contraseña. " +
  "Las contraseñas y tarjetas de acceso son para las cuentas que creó un docente para la clase.";
export const addedBy = (name: string | null) => (name ? `Agregado/a por ${name}` : "Agregado/a por el equipo docente");

// Joining with the code ('Unirme a una clase').
export const JOIN_CODE_REQUIRED = "Escribe el código de la clase.";
export const JOIN_CODE_MALFORMED =
  "Ese código no tiene la forma de un código de clase: son 8 letras y números, por ejemplo K7MD-4QXA.";
export const JOIN_CODE_UNKNOWN = "No encontramos una clase con ese código. Revisa que esté bien escrito.";
export { CLASS_COURSE_NOT_OPEN as JOIN_COURSE_NOT_OPEN } from "~/features/enrolment/texts.ts";
export const JOIN_TOO_MANY =
  "Demasiados códigos equivocados. Espera unos minutos y vuelve a intentarlo con el código que te dio tu profesor/a.";
export const joinedClass = (clase: string, curso: string) => `Te uniste a la clase «${clase}» del curso «${curso}».`;
export const alreadyMember = (clase: string, curso: string) =>
  `Ya eres parte de la clase «${clase}» del curso «${curso}». No tienes que hacer nada más.`;

// An invitation to a class (docs/decisions/032-class-invitations.md).
export const INVITATION_NOT_FOUND = "Esta invitación no existe o ya la aceptaste.";
export const INVITATION_ANSWER_REQUIRED = "Elige aceptar o rechazar la invitación.";

// The class's link and QR code (docs/decisions/041).
export const JOIN_LINK_UNKNOWN =
  "Este enlace de clase no existe o ya no sirve: pídele a tu profesor/a el enlace nuevo o el código de la clase.";
export const JOIN_LINK_BUTTON = "Unirme a la clase";
