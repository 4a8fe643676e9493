// Small pieces the module editor's forms share (./module-editor.tsx and its sections).
import type { EditorActionData } from "../editor-types.ts";
import type { courseEditorView } from "../editor-view.ts";

export type EditorModule = ReturnType<typeof courseEditorView>["course"]["modulos"][number];

/** Whether a form of this module is being sent (its intent, and an extra field to tell rows apart). */
export type Busy = (intent: string, extra?: [string, string]) => boolean;

/** The values and errors the action sent back for `formId`, if it was that form. */
export function formState(actionData: EditorActionData | undefined, formId: string) {
  return actionData?.kind === "form" && actionData.formId === formId ? actionData : undefined;
}

export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <p id={id} className="field-error">
      {errors.join(" ")}
    </p>
  ) : null;
}
