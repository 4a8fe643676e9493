// Shapes shared by the course editor's action and its components (no server imports).
import type { SubmissionResult } from "@conform-to/react";

/**
 * A question as the editor's form holds it (docs/decisions/046-kinds-of-question.md): its kind, the
 * options (a short answer's accepted answers), partial credit, and a numeric one's value and
 * tolerance as typed.
 */
export type QuestionDraft = {
  tipo: string;
  texto: string;
  opciones: Array<{ texto: string; correcta: boolean }>;
  puntajeParcial: boolean;
  valor: string;
  tolerancia: string;
};

/** What the editor's action returns when a form is not saved (refused, or a question draft). */
export type EditorActionData =
  | { kind: "course"; result: SubmissionResult<string[]> }
  | { kind: "form"; formId: string; values: Record<string, string>; errors: Record<string, string[]> }
  | { kind: "question"; formId: string; draft: QuestionDraft; errors: string[] };

/** A new question starts with 2 empty options, the first marked correct (docs/product.md#course-editor). */
export const NEW_QUESTION: QuestionDraft = {
  tipo: "unica",
  puntajeParcial: false,
  valor: "",
  tolerancia: "",
  texto: "",
  opciones: [
    { texto: "", correcta: true },
    { texto: "", correcta: false },
  ],
};
