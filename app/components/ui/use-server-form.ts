import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { useNavigation } from "react-router";

/**
 * Conform's form for a schema the server checks (decision 003: no Zod in the browser, ~34 KB gzip
 * less on first-load pages): the action's last answer once the page is idle, nothing checked before
 * the submit.
 */
export function useServerForm<Schema extends Record<string, unknown>>(
  id: string,
  lastResult: SubmissionResult<string[]> | undefined,
  defaultValue?: DefaultValue<Schema>,
) {
  const idle = useNavigation().state === "idle";
  return useForm<Schema>({ id, lastResult: idle ? lastResult : undefined, defaultValue, shouldValidate: "onSubmit" });
}
