import { useNavigation } from "react-router";

/**
 * Whether a form is being sent: the returned function answers for the fields a form carries
 * (e.g. `{ intent: "publish" }`, `{ userId: user.id }`), so one hook serves every button of a
 * page. By default only while submitting; `untilLoaded` also covers the reload after the action.
 * Without JavaScript there is no pending state: every button stays enabled.
 */
export function usePendingIntent() {
  const navigation = useNavigation();
  return (fields: Record<string, string>, { untilLoaded = false }: { untilLoaded?: boolean } = {}): boolean => {
    const sending = untilLoaded ? navigation.state !== "idle" : navigation.state === "submitting";
    const form = navigation.formData;
    if (!sending || !form) return false;
    return Object.entries(fields).every(([name, value]) => form.get(name) === value);
  };
}
