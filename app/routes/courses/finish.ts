// POST /cursos/{cursoId}/finalizar: the 'Finalizar curso' form. Works without JavaScript: the answer
// is a redirect back to the course with a flash message (the panel then shows the certificate).
import { data, redirect } from "react-router";
import { getOptionalUser } from "~/features/accounts/guards.server.ts";
import { finishCourse } from "~/features/certificates/certificates.server.ts";
import {
  DIPLOMA_MISSING,
  FINISH_ALREADY,
  FINISH_CONGRATS,
  FINISH_COURSE_NOT_FOUND,
} from "~/features/certificates/texts.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { recordIdOr404 } from "~/lib/ids.ts";
import type { Route } from "./+types/finish";

// The course id goes into every answer's Location header: only ids shaped like ours do.
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/cursos/${recordIdOr404(params.cursoId, FINISH_COURSE_NOT_FOUND)}`);
}

export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const here = `/cursos/${recordIdOr404(params.cursoId, FINISH_COURSE_NOT_FOUND)}`;
  const viewer = await getOptionalUser(args);
  const outcome = await finishCourse(viewer, params.cursoId, request);
  if (outcome.ok) {
    if (!outcome.pdfReady) return redirectWithFlash(request, here, { type: "info", message: DIPLOMA_MISSING });
    return redirectWithFlash(request, here, {
      type: "success",
      message: outcome.created ? FINISH_CONGRATS : FINISH_ALREADY,
    });
  }
  if (outcome.reason === "login") {
    return redirectWithFlash(request, `/login?${new URLSearchParams({ redirectTo: here })}`, {
      type: "info",
      message: outcome.message,
    });
  }
  if (outcome.reason === "not-found") throw data(outcome.message, { status: 404 });
  return redirectWithFlash(request, here, { type: "error", message: outcome.message });
}
