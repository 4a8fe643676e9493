import { Link, useRouteLoaderData } from "react-router";
import { roleLabel } from "~/features/auth/roles.ts";
import type { loader as layoutLoader } from "./layout.tsx";

export default function UserHome() {
  const user = useRouteLoaderData<typeof layoutLoader>("routes/user/layout");
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">Hola, {user?.nombre}</h1>
      <p className="mt-2 text-slate-600">Perfil: {roleLabel(user?.rol ?? "")}</p>
      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        <Link to="/user/courses" className="card block p-5 hover:shadow-md">
          <h2 className="font-semibold text-brand-800">Mis cursos</h2>
          <p className="mt-1 text-sm text-slate-600">Revisa tu avance y continúa donde quedaste.</p>
        </Link>
        <Link to="/cursos" className="card block p-5 hover:shadow-md">
          <h2 className="font-semibold text-brand-800">Explorar cursos</h2>
          <p className="mt-1 text-sm text-slate-600">Encuentra un nuevo curso gratuito.</p>
        </Link>
        <Link to="/user/messages" className="card block p-5 hover:shadow-md">
          <h2 className="font-semibold text-brand-800">Mensajes</h2>
          <p className="mt-1 text-sm text-slate-600">Lee y envía mensajes.</p>
        </Link>
      </div>
    </section>
  );
}
