import { listMyAnnouncements } from "~/features/announcements/announcements.server.ts";
import { AnnouncementArticle } from "~/features/announcements/components/announcement-list.tsx";
import { KeysetPager } from "~/components/ui/keyset-pager.tsx";
import { MY_ANNOUNCEMENTS_TITLE, NO_MY_ANNOUNCEMENTS } from "~/features/announcements/texts.ts";
import { requirePanelUser } from "~/features/accounts/guards.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/announcements";

// /user/avisos: 'Avisos de mis cursos', newest first, 20 a page (docs/product.md#announcements).

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, MY_ANNOUNCEMENTS_TITLE);

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requirePanelUser(args);
  return listMyAnnouncements(viewer, cursorFrom(args.request.url));
}

export default function MyAnnouncements({ loaderData }: Route.ComponentProps) {
  const { avisos, cursors } = loaderData;
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">{MY_ANNOUNCEMENTS_TITLE}</h1>
      <p className="mt-1 text-slate-600">
        Lo que el equipo docente de cada uno de tus cursos les avisa, lo más nuevo primero.
      </p>
      {avisos.length === 0 ? (
        <p className="card mt-6 p-6 text-slate-600">{NO_MY_ANNOUNCEMENTS}</p>
      ) : (
        <div className="mt-6 space-y-3">
          {avisos.map((aviso) => (
            <AnnouncementArticle key={aviso.id} aviso={aviso} headingLevel={2} showCourse />
          ))}
        </div>
      )}
      <KeysetPager cursors={cursors} />
    </section>
  );
}
