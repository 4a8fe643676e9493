// Course audiences (docs/product.md#courses).
export const AUDIENCES = ["general", "docente", "estudiante", "comunidad"] as const;

/** Audiences with their own list pages (/cursos/{tipo}). */
export const AUDIENCE_PAGES = ["docente", "estudiante", "comunidad"] as const;
export type AudiencePage = (typeof AUDIENCE_PAGES)[number];

export function isAudiencePage(value: string | undefined): value is AudiencePage {
  return (AUDIENCE_PAGES as readonly string[]).includes(value ?? "");
}

const LABEL: Record<string, string> = {
  general: "General",
  docente: "Docente",
  estudiante: "Estudiante",
  comunidad: "Comunidad",
};

/** 'General' when absent (docs/product.md#course-lists). */
export function audienceLabel(dirigidoA: string | null | undefined): string {
  return LABEL[(dirigidoA ?? "").toLowerCase()] ?? "General";
}

const FOR: Record<string, string> = {
  docente: "Para docentes",
  estudiante: "Para estudiantes",
  comunidad: "Para comunidad",
};

/** Who a course is for, as the header's menu names the lists ('Para docentes'); 'Para todo público' for 'general'. */
export function audienceForLabel(dirigidoA: string | null | undefined): string {
  return FOR[(dirigidoA ?? "").toLowerCase()] ?? "Para todo público";
}
