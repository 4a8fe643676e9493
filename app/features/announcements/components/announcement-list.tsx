// The announcements as learners and the team read them (docs/product.md#announcements): each
// with its title, who signed it and when (Chile's time, 24 h), and its text with clickable links.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDateTime } from "~/lib/dates.ts";
import { byLine, EDITED } from "../texts.ts";
import { LinkedText } from "~/components/ui/linked-text.tsx";
import type { AnnouncementJson } from "../schema.ts";

export function AnnouncementArticle({
  aviso,
  headingLevel = 3,
  showCourse = false,
  actions,
}: {
  aviso: AnnouncementJson;
  headingLevel?: 2 | 3;
  /** In the learner's panel: which course it is from, linked to the course. */
  showCourse?: boolean;
  actions?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `aviso-${aviso.id}`;
  return (
    <article aria-labelledby={headingId} className="card p-4">
      {showCourse ? (
        <p className="text-sm font-medium">
          <Link to={`/cursos/${aviso.cursoId}`} className="inline-block py-0.5 text-brand-700 hover:underline">
            {aviso.curso}
          </Link>
        </p>
      ) : null}
      <Heading id={headingId} className="text-lg font-semibold text-slate-900 break-words">
        {aviso.titulo}
      </Heading>
      <p className="mt-0.5 text-sm text-slate-600">
        {byLine(aviso.autor)} · <time dateTime={aviso.publicadoEn}>{formatDateTime(aviso.publicadoEn)}</time>
        {aviso.editadoEn ? ` (${EDITED})` : null}
      </p>
      <LinkedText text={aviso.texto} className="mt-2 text-slate-800" />
      {actions ? <div className="mt-3 flex flex-wrap gap-2">{actions}</div> : null}
    </article>
  );
}
