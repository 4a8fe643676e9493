// Where a module's questions live (docs/product.md#module-questions): plain, so the pages use it too.

/** A module's questions page, or one question on it (its anchor). */
export function questionPath(cursoId: string, moduloIndex: number, preguntaId?: string) {
  const base = `/cursos/${cursoId}/modulos/${moduloIndex}/preguntas`;
  return preguntaId ? `${base}#pregunta-${preguntaId}` : base;
}
