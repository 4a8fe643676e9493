import { Form, Link, useNavigation } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary.tsx";
import { requirePanelUser } from "~/features/accounts/guards.server.ts";
import { CopyUrlField } from "~/features/certificates/components/copy-url-field.tsx";
import { calendarFeedSince, calendarUrl, renewCalendarToken } from "~/features/due-dates/due-dates.server.ts";
import {
  CALENDAR_ACTIVE,
  CALENDAR_CREATE,
  CALENDAR_HOWTO,
  CALENDAR_NONE,
  CALENDAR_RENEW,
  CALENDAR_SECRET,
  CALENDAR_SHOWN_ONCE,
  CALENDAR_TITLE,
} from "~/features/due-dates/texts.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { readForm } from "~/lib/form.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/calendar";

// /user/calendario (docs/product.md#due-dates): the feed's secret address is shown once; a new one voids the old.
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, CALENDAR_TITLE);

export async function loader(args: Route.LoaderArgs) {
  const user = await requirePanelUser(args);
  const since = await calendarFeedSince(user.id);
  return { since: since ? formatDateTime(since) : null };
}

export async function action(args: Route.ActionArgs) {
  const user = await requirePanelUser(args);
  const form = await readForm(args.request);
  if (form.get("intent") !== "renovar") return { url: null, error: "Solicitud inválida." };
  const token = await renewCalendarToken(user.id);
  return { url: calendarUrl(token), error: null };
}

export default function CalendarPage({ loaderData, actionData }: Route.ComponentProps) {
  const sending = useNavigation().state === "submitting";
  const url = actionData?.url ?? null;
  const hasFeed = url !== null || loaderData.since !== null;
  return (
    <section className="max-w-2xl">
      <h1 className="text-2xl font-bold text-slate-900">{CALENDAR_TITLE}</h1>
      <p className="mt-2 text-slate-700">{CALENDAR_HOWTO}</p>
      <p className="mt-2 text-sm text-slate-600">{CALENDAR_SECRET}</p>
      {actionData?.error ? (
        <p role="alert" className="alert-error mt-4">
          {actionData.error}
        </p>
      ) : null}
      {url ? (
        <div className="card mt-6 p-5" role="status">
          <p className="font-medium text-slate-900">{CALENDAR_SHOWN_ONCE}</p>
          <CopyUrlField url={url} label="Enlace de tu calendario" className="mt-3" />
          <p className="mt-3">
            {/* webcal: opens the phone's calendar app ready to subscribe. */}
            <a href={url.replace(/^https?:/, "webcal:")} className="btn-secondary">
              Abrir en mi calendario
            </a>
          </p>
        </div>
      ) : (
        <p className="mt-6 text-slate-700">{loaderData.since ? CALENDAR_ACTIVE(loaderData.since) : CALENDAR_NONE}</p>
      )}
      <Form method="post" className="mt-6">
        <button type="submit" name="intent" value="renovar" className="btn-primary" disabled={sending}>
          {sending ? "Generando…" : hasFeed ? CALENDAR_RENEW : CALENDAR_CREATE}
        </button>
      </Form>
      <p className="mt-6">
        <Link to="/user" className="text-sm font-medium text-brand-700 hover:underline">
          ← Volver a mi panel
        </Link>
      </p>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} back={{ href: "/user", label: "Volver a mi panel" }} />;
}
