// /calendario/{token}.ics: a learner's private calendar feed (docs/product.md#due-dates), read
// by calendar apps that carry no session: the secret token is the key. An unknown token (or a
// renewed one's old address) is a bare 404 that says nothing more.
import { calendarFeed } from "~/features/due-dates/due-dates.server.ts";
import { tareaDueDates } from "~/features/assignments/due.server.ts";
import type { Route } from "./+types/calendar-feed";

const notFound = () =>
  new Response("No encontrado.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

export async function loader({ params }: Route.LoaderArgs) {
  const name = params.token;
  if (!name.endsWith(".ics")) return notFound();
  const body = await calendarFeed(name.slice(0, -".ics".length), undefined, tareaDueDates);
  if (body === null) return notFound();
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="fechas-limite.ics"',
      // Personal: never kept by a shared cache; the address is the secret, so never sent on.
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex",
    },
  });
}
