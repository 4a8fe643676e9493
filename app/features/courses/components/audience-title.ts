export const AUDIENCE_TITLE: Record<string, string> = {
  docente: "Cursos para docentes",
  estudiante: "Cursos para estudiantes",
  comunidad: "Cursos para comunidad",
};
