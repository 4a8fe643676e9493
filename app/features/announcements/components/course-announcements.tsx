import { Link } from "react-router";
import { ANNOUNCEMENTS_TITLE, NO_ANNOUNCEMENTS, SEE_ALL } from "../texts.ts";
import type { AnnouncementJson } from "../schema.ts";
import { AnnouncementArticle } from "./announcement-list.tsx";

/** What the course page knows of its announcements for this viewer (null: not theirs to see). */
export type CourseAnnouncementsData = {
  latest: AnnouncementJson[];
  more: boolean;
  /** The team's page to post and edit them (the viewer's panel), or null for a learner. */
  manageHref: string | null;
};

/**
 * The top of a course's page for its enrolled learners and its team (docs/product.md#announcements):
 * the newest announcements, 'Ver todos los avisos' when there are more, and the team's way in.
 */
export function CourseAnnouncements({ cursoId, data }: { cursoId: string; data: CourseAnnouncementsData }) {
  if (data.latest.length === 0 && !data.manageHref) return null;
  return (
    <section aria-labelledby="avisos" className="mb-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="avisos" className="text-2xl font-bold text-slate-900">
          {ANNOUNCEMENTS_TITLE}
        </h2>
        {data.manageHref ? (
          <Link to={data.manageHref} className="inline-block py-1 text-sm font-medium text-brand-700 hover:underline">
            Publicar y editar avisos
          </Link>
        ) : null}
      </div>
      {data.latest.length === 0 ? (
        <p className="mt-3 text-slate-600">{NO_ANNOUNCEMENTS}</p>
      ) : (
        <div className="mt-4 space-y-3">
          {data.latest.map((aviso) => (
            <AnnouncementArticle key={aviso.id} aviso={aviso} />
          ))}
        </div>
      )}
      {data.more ? (
        <p className="mt-3">
          <Link
            to={`/cursos/${cursoId}/avisos`}
            className="inline-block py-1 text-sm font-medium text-brand-700 hover:underline"
          >
            {SEE_ALL}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
