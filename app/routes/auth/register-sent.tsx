import { Link } from "react-router";
import { REGISTER_OK } from "~/features/accounts/texts.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/register-sent";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Registro");

/** Where a registration lands (docs/product.md#registration-and-approval): what happens next, no dead end. */
export default function RegisterSent() {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12">
      <div className="card p-6" role="status">
        <h1 className="text-2xl font-bold text-slate-900">{REGISTER_OK}</h1>
        <p className="mt-3 text-slate-700">
          Revisa tu correo: te enviamos un enlace para confirmar que es tuyo. Tu cuenta está esperando la aprobación de
          un administrador; te enviaremos un correo electrónico cuando esté aprobada, y entonces podrás iniciar sesión.
        </p>
        <p className="mt-2 text-sm text-slate-600">Mientras tanto puedes revisar el catálogo de cursos.</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/cursos" className="btn-primary">
            Ver cursos
          </Link>
          <Link to="/login" className="btn-secondary">
            Iniciar sesión
          </Link>
        </div>
      </div>
    </div>
  );
}
