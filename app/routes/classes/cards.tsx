import { Link } from "react-router";
import { ClassBreadcrumbs, ClassErrorBoundary } from "~/features/classes/components/class-breadcrumbs.tsx";
import { requireClassManager } from "~/features/classes/guards.server.ts";
import { classCards } from "~/features/classes/pupils.server.ts";
import { CARDS_TITLE } from "~/features/classes/texts.ts";
import { getCourseTitle } from "~/features/courses/admin-courses.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/cards";

// 'Tarjetas de acceso' (docs/product.md#sign-in-cards): a printable page, one card per pupil
// (?estudiante={id}: one), the QR codes drawn on the server as SVG.

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, CARDS_TITLE);

export function headers() {
  // The page holds live sign-in links: never cached.
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
}

export async function loader(args: Route.LoaderArgs) {
  const { clase } = await requireClassManager(args, args.params.cursoId, args.params.claseId);
  const course = await getCourseTitle(clase.cursoId);
  invariantResponse(course, COURSE_NOT_FOUND, { status: 404 });
  const one = new URL(args.request.url).searchParams.get("estudiante");
  return { course, clase: { id: clase.id, nombre: clase.nombre }, cards: await classCards(clase, one), one: !!one };
}

export default function CardsPage({ loaderData }: Route.ComponentProps) {
  const { course, clase, cards, one } = loaderData;
  const here = `/docente/cursos/${course.id}/clases/${clase.id}`;
  return (
    <section className="cards-sheet">
      <div className="no-print">
        <ClassBreadcrumbs curso={course} clase={{ nombre: clase.nombre, href: here }} />
        <h1 className="mt-2 text-2xl font-bold text-slate-900">{CARDS_TITLE}</h1>
        <p className="mt-2 text-sm text-slate-600">
          Imprime esta página (Ctrl + P o «Imprimir» del navegador) y entrega a cada estudiante su tarjeta: con la
          cámara del teléfono o del computador, el código QR abre la academia con su cuenta. Guárdalas como una
          contraseña. Si una se pierde, haz una nueva para esa persona desde la página de la clase: la anterior deja de
          servir y las demás siguen igual.
        </p>
        {one ? (
          <p className="mt-2">
            <Link to="?" className="text-brand-700 hover:underline">
              Ver las tarjetas de toda la clase
            </Link>
          </p>
        ) : null}
      </div>
      {cards.length === 0 ? (
        <p className="card no-print mt-4 p-6 text-slate-600">
          Esta clase no tiene estudiantes con una cuenta creada por su docente. Las tarjetas son para quienes llegaron
          con «Importar lista».
        </p>
      ) : (
        <ul className="access-cards mt-4 grid gap-4 sm:grid-cols-2">
          {cards.map((card) => (
            <li key={card.userId} className="access-card card flex items-center gap-4 p-4">
              <div className="min-w-0 flex-1">
                <p className="text-lg font-bold break-words text-slate-900">{card.nombre}</p>
                <p className="mt-1 text-sm break-words text-slate-700">{course.titulo}</p>
                <p className="text-sm break-words text-slate-700">Clase {clase.nombre}</p>
                <p className="mt-2 text-sm text-slate-700">
                  Usuario: <strong className="font-mono break-all">{card.usuario}</strong>
                </p>
              </div>
              <div
                role="img"
                aria-label={`Código QR para que ${card.nombre} entre a la academia`}
                className="access-qr w-32 shrink-0"
                // The SVG qrcode drew on the server from the card's link: markup of our own, no input in it.
                dangerouslySetInnerHTML={{ __html: card.qr }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ClassErrorBoundary error={error} />;
}
