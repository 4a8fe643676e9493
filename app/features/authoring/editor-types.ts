// Shapes shared by the course editor's action and its components (no server imports).
import type { SubmissionResult } from "@conform-to/react";

export type QuestionDraft = { texto: string; opciones: Array<{ texto: string; correcta: boolean }> };

/** What the editor's action returns when a form is not saved (refused, or a question draft). */
export type EditorActionData =
  | { kind: "course"; result: SubmissionResult<string[]> }
  | { kind: "form"; formId: string; values: Record<string, string>; errors: Record<string, string[]> }
  | { kind: "question"; formId: string; draft: QuestionDraft; errors: string[] };

/** A new question starts with 2 empty options, the first marked correct (docs/product.md#course-editor). */
export const NEW_QUESTION: QuestionDraft = {
  texto: "",
  opciones: [
    { texto: "", correcta: true },
    { texto: "", correcta: false },
  ],
};
