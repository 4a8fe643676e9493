import { requireAdmin } from "~/features/auth/guards.server.ts";
import { getCourseTitle, listParticipants, participantsCsv } from "~/features/courses/admin-courses.server.ts";
import { contentDisposition } from "~/lib/serve-file.server.ts";
import type { Route } from "./+types/participants-csv";
import { COURSE_NOT_FOUND } from "~/features/courses/messages.ts";

/** The participants table as CSV (admin). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const course = await getCourseTitle(args.params.id);
  if (!course) return new Response(COURSE_NOT_FOUND, { status: 404 });
  const { participantes } = await listParticipants(course.id, { all: true });
  const name = `participantes-${course.titulo.replace(/[\\/:*?"<>|]+/g, " ").trim()}.csv`;
  return new Response(participantsCsv(participantes), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition("attachment", name),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
