import { Link } from "react-router";
import { CourseCard } from "~/features/learning/components/course-card.tsx";
import { getOptionalUser } from "~/features/accounts/guards.server.ts";
import { listFeaturedCourses } from "~/features/courses/courses.server.ts";
import { cardStates } from "~/features/learning/learner-state.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Inicio");

/** The home page shows the first few featured courses; 'Ver destacados' leads to all of them. */
const HOME_FEATURED = 4;

export async function loader(args: Route.LoaderArgs) {
  const [featured, viewer] = await Promise.all([listFeaturedCourses(HOME_FEATURED), getOptionalUser(args)]);
  return { featured, learner: await cardStates(viewer, featured) };
}

const AUDIENCES = [
  {
    title: "Docente",
    text: "Herramientas digitales, metodologías activas y recursos para llevar la sustentabilidad a tu sala de clases.",
    icon: "M4 6h16v11H4zM8 20h8M12 17v3",
  },
  {
    title: "Estudiante",
    text: "Aprende programación, datos y ciudadanía digital a tu ritmo, con certificados al completar cada curso.",
    icon: "M12 3 2 8l10 5 10-5-10-5zM6 10.5V16c0 1.7 2.7 3 6 3s6-1.3 6-3v-5.5",
  },
  {
    title: "Comunidad",
    text:
      "Cursos para vecinas, vecinos y organizaciones: huertos urbanos, reciclaje, " +
      "barrios más seguros y trámites en línea.",
    icon: "M3 11 12 4l9 7M5 10v10h14V10M10 20v-5h4v5",
  },
];

const TESTIMONIALS = [
  {
    quote:
      "Los cursos de herramientas digitales me ayudaron a preparar clases más participativas. " +
      "Los materiales en PDF son muy claros.",
    name: "Paula Cárcamo",
    role: "Profesora de Ciencias, Osorno",
  },
  {
    quote:
      "Hice el curso de programación desde el celular en el bus. " +
      "Las evaluaciones cortas me mantuvieron motivado hasta el certificado.",
    name: "Benjamín Oyarzún",
    role: "Estudiante de 3° medio, Purranque",
  },
  {
    quote: "Con el curso de huertos urbanos organizamos a la junta de vecinos y hoy tenemos un huerto comunitario.",
    name: "Rosa Paillalef",
    role: "Dirigenta vecinal, Rahue Alto",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-br from-brand-700 to-brand-800 text-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <h1 className="max-w-2xl text-3xl font-bold leading-tight sm:text-5xl">
            Aprende gratis, a tu ritmo y desde donde estés
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            Cursos de tecnología, sustentabilidad y transformación urbana para docentes, estudiantes y comunidad, con
            material descargable, evaluaciones y certificado.
          </p>
          <Link to="/cursos" className="btn mt-8 bg-accent-500 px-6 py-3 text-base text-slate-900 hover:bg-amber-400">
            Explorar cursos
          </Link>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="audiencias">
        <h2 id="audiencias" className="text-2xl font-bold text-slate-900">
          ¿Para quién son nuestros cursos?
        </h2>
        <div className="mt-6 grid gap-6 sm:grid-cols-3">
          {AUDIENCES.map((a) => (
            <Link key={a.title} to="/login" className="card block p-6 transition-shadow hover:shadow-md">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-10 w-10 rounded-lg bg-brand-50 p-2 text-brand-700"
                fill="none"
                stroke="currentColor"
                strokeWidth={1.8}
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d={a.icon} />
              </svg>
              <h3 className="mt-3 text-xl font-semibold text-brand-800">{a.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{a.text}</p>
            </Link>
          ))}
        </div>
      </section>

      <section className="bg-brand-50" aria-labelledby="destacados">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="destacados" className="text-2xl font-bold text-slate-900">
            Cursos destacados
          </h2>
          {loaderData.featured.length === 0 ? (
            <p className="mt-6 text-slate-600">No hay cursos disponibles.</p>
          ) : (
            <>
              <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
                {loaderData.featured.map((course) => (
                  <CourseCard
                    key={course.id}
                    course={course}
                    learner={loaderData.learner[course.id]}
                    headingLevel={3}
                  />
                ))}
              </div>
              <p className="mt-8 text-center">
                <Link to="/cursos?destacados=true" className="btn-secondary">
                  Ver destacados
                </Link>
              </p>
            </>
          )}
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="testimonios">
        <h2 id="testimonios" className="text-2xl font-bold text-slate-900">
          Lo que dicen quienes aprenden con nosotros
        </h2>
        <div className="mt-6 grid gap-6 sm:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <figure key={t.name} className="card p-6">
              <blockquote className="text-slate-700">“{t.quote}”</blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-semibold text-slate-900">{t.name}</span>
                <br />
                <span className="text-slate-500">{t.role}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </section>
    </>
  );
}
