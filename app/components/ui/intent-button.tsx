import type { ReactNode } from "react";
import { Form } from "react-router";
import { usePendingIntent } from "./use-pending-intent.ts";

/**
 * A one-button POST form for a row's action: a hidden id (`idName`=`id`) and the button's
 * `intent`. Works without JavaScript; with it, the button is disabled while any form for the
 * same id is being sent.
 */
export function IntentButton({
  intent,
  idName,
  id,
  className,
  formClassName,
  preventScrollReset = true,
  untilLoaded = false,
  label,
  children,
}: {
  intent: string;
  idName: string;
  id: string;
  className: string;
  formClassName?: string;
  preventScrollReset?: boolean;
  untilLoaded?: boolean;
  /** The button's accessible name, where its text alone does not say which row. */
  label?: string;
  children: ReactNode;
}) {
  const pending = usePendingIntent();
  return (
    <Form method="post" preventScrollReset={preventScrollReset} className={formClassName}>
      <input type="hidden" name={idName} value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={className}
        disabled={pending({ [idName]: id }, { untilLoaded })}
        aria-label={label}
      >
        {children}
      </button>
    </Form>
  );
}
