// Every word the certificate flow shows (docs/product.md#texts-quizzes-and-certificates).
// Plain strings: safe for the browser.

export const FINISH_LOGIN_REQUIRED = "Debes iniciar sesión para finalizar el curso.";
export const FINISH_NO_QUIZZES = "Este curso no tiene evaluaciones para completar.";
export const finishIncomplete = (percent: number) =>
  `Has completado ${percent}% del curso. Necesitas completar el 100% para obtener tu certificado.`;
export const FINISH_FAILED = "No se pudo finalizar el curso. Intenta más tarde.";
export const FINISH_NOT_ENROLLED = "Debes inscribirte en el curso para finalizarlo.";
export { COURSE_NOT_FOUND as FINISH_COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
export const FINISH_CONGRATS = "¡Felicitaciones! Completaste el curso y obtuviste tu certificado.";
export const FINISH_ALREADY = "Ya finalizaste este curso. Este es tu certificado.";
export const DIPLOMA_MISSING =
  "Tu certificado fue emitido, pero no pudimos generar el PDF en este momento. " +
  "Si el problema continúa, contacta a soporte.";
export const CERTIFICATE_NOT_FOUND = "Certificado no encontrado";
export const VERIFY_CODE_UNKNOWN =
  "El código no corresponde a ningún certificado emitido. Revisa que esté bien escrito.";
export const VERIFY_CODE_BAD =
  "El código tiene 16 caracteres: letras de la A a la Z y números del 2 al 7. Revisa que esté bien escrito.";
export const CERTIFICATE_REVOKED = "Certificado revocado a petición de su titular";
export const CERTIFICATES_FORBIDDEN = "No tienes permiso para realizar esta acción.";
export const USER_NOT_FOUND = "Usuario no encontrado";
/** A finished course's card in 'Mis cursos' while its certificate is not issued yet. */
export const GET_CERTIFICATE = "Obtener certificado";
export const FINISH_HOW = "Aprueba todas las evaluaciones y finaliza el curso para obtener tu certificado.";
export const passedQuizzes = (passed: number, total: number) =>
  `${passed} de ${total} ${total === 1 ? "evaluación aprobada" : "evaluaciones aprobadas"}`;
export const MATERIALS_AFTER_FINISH =
  "Ya finalizaste este curso y tu certificado se conserva. " +
  "Para volver a ver los materiales, inscríbete de nuevo con «Comenzar Curso».";
export const MY_CERTIFICATES_EMPTY =
  "Aún no tienes certificados. Aprueba las evaluaciones de un curso y finalízalo para obtener el tuyo.";
export const MY_CERTIFICATES_LOAD_FAILED = "No se pudieron cargar tus certificados.";
export const UPDATE_NAME_BUTTON = "Actualizar el nombre en mis certificados";
export const nameOutdated = (count: number, current: string) =>
  count === 1
    ? `Uno de tus certificados muestra un nombre distinto del tuyo actual («${current}»).`
    : `${count} de tus certificados muestran un nombre distinto del tuyo actual («${current}»).`;
export const NAME_UPDATE_HOW =
  "Si lo actualizas, cada certificado conserva su código y su enlace de verificación, se genera un PDF nuevo " +
  "y la página de verificación indica la fecha del cambio.";
export const nameUpdated = (count: number) =>
  count === 0
    ? "Tus certificados ya muestran tu nombre actual."
    : count === 1
      ? "Actualizamos el nombre en 1 certificado. Su código y su enlace de verificación no cambian."
      : `Actualizamos el nombre en ${count} certificados. Sus códigos y enlaces de verificación no cambian.`;
export const NAME_UPDATE_FAILED = "No se pudo actualizar el nombre en tus certificados. Intenta más tarde.";
export const NAME_REQUIRED_FOR_CERTIFICATES =
  "Tu perfil no tiene nombre: agrégalo antes de actualizar tus certificados.";
export const nameUpdatedOn = (date: string) => `Nombre actualizado por su titular el ${date}.`;
