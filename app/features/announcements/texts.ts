// The announcements' own words (docs/product.md#announcements), one place for the pages, the API
// and the tests. Free of Zod and Prisma, so pages can import them without shipping either.
export const ANNOUNCEMENTS_TITLE = "Avisos";
export const MY_ANNOUNCEMENTS_TITLE = "Avisos de mis cursos";
export const ANNOUNCEMENT_NOT_FOUND = "Aviso no encontrado";
export const ANNOUNCEMENTS_FORBIDDEN =
  "Los avisos de este curso son para sus estudiantes y su equipo docente. Inscríbete en el curso para verlos.";

// The form ('Publicar aviso', 'Editar aviso').
export const TITLE_MAX = 120;
export const TEXT_MAX = 5000;
export const TITLE_REQUIRED = "Escribe el título del aviso.";
export const TITLE_TOO_LONG = `El título admite hasta ${TITLE_MAX} caracteres.`;
export const TEXT_REQUIRED = "Escribe el texto del aviso.";
export const TEXT_TOO_LONG = `El texto admite hasta ${TEXT_MAX} caracteres.`;

// What happened.
export const ANNOUNCEMENT_POSTED =
  "Aviso publicado. Cada estudiante del curso lo ve en la página del curso y en su panel.";
export const ANNOUNCEMENT_DELETED = "Aviso eliminado.";

// The lists.
export const NO_ANNOUNCEMENTS = "Este curso aún no tiene avisos.";
export const NO_MY_ANNOUNCEMENTS = "Tus cursos aún no tienen avisos.";
export const SEE_ALL = "Ver todos los avisos";
export const EDITED = "editado";
export const TEAM_AUTHOR = "Equipo docente";

/** Who signs an announcement: its author, or the team once the author's account is gone. */
export const byLine = (autor: string | null) => autor ?? TEAM_AUTHOR;
