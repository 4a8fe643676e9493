import { data, redirect } from "react-router";
import type { Route } from "./+types/course-redirects";

// The old /admin/courses/… addresses answered with the same page under /docente/cursos/… (decision 036):
// GET 301, other methods 308, so a form posted from an old page still reaches its action.
const MOVED: Array<[RegExp, string]> = [
  [/^new$/, "nuevo"],
  [/^edit\/([^/]+)(\/archivos)?$/, "$1/editar$2"],
  // participantes(/csv), reportes, calificaciones(/csv), clases(/{claseId}/…), avisos
  [/^(participantes|reportes|calificaciones|clases|avisos)\/([^/]+)(\/.*)?$/, "$2/$1$3"],
];

function moved({ request, params }: Route.LoaderArgs | Route.ActionArgs) {
  const old = params["*"] ?? "";
  const row = MOVED.find(([from]) => from.test(old));
  if (!row) throw data("Página no encontrada", { status: 404 });
  const status = request.method === "GET" || request.method === "HEAD" ? 301 : 308;
  return redirect(`/docente/cursos/${old.replace(...row)}${new URL(request.url).search}`, status);
}

export const loader = moved;
export const action = moved;

export default function NotFound() {
  return null;
}
