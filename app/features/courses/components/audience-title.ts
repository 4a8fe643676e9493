export const AUDIENCE_TITLE: Record<string, string> = {
  docente: "Cursos para Docentes",
  estudiante: "Cursos para Estudiantes",
  comunidad: "Cursos para Comunidad",
};
