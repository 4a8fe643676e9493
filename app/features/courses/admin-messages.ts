// User-visible messages of course administration (SPEC §8 "Admin", "Participants"); no server imports.
export const PUBLISH_FAILED = "Error al publicar curso";
export const DELETE_COURSE_FAILED = "Error al eliminar curso";
export const PARTICIPANTS_FAILED = "Error al cargar participantes";
