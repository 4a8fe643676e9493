import { Link } from "react-router";
import { Logo } from "./logo.tsx";
import { ExternalLink } from "./ui/external-link.tsx";

export type FooterSite = {
  brand: string;
  phone: string;
  email: string;
  address: string;
  facebookUrl: string;
  linkedinUrl: string;
};

const QUICK_LINKS = [
  ["/cursos", "Todos los cursos"],
  ["/", "Inicio"],
  ["/certificados/verificar", "Verificar un certificado"],
  ["/privacidad", "Aviso de privacidad"],
] as const;

export function SiteFooter({ site }: { site: FooterSite }) {
  return (
    <footer className="mt-16 bg-brand-800 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <Logo brand={site.brand} light />
          <p className="mt-3 text-sm text-brand-100">
            Cursos gratuitos de tecnología, sustentabilidad y transformación urbana para docentes, estudiantes y
            comunidad.
          </p>
        </div>
        <div>
          <h2 className="text-base font-semibold text-white">Enlaces Rápidos</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {QUICK_LINKS.map(([to, label]) => (
              <li key={to}>
                <Link to={to} className="hover:underline">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-base font-semibold text-white">Contacto</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              Teléfono:{" "}
              <a href={`tel:${site.phone.replace(/[^+\d]/g, "")}`} className="hover:underline">
                {site.phone}
              </a>
            </li>
            <li>
              Correo:{" "}
              <a href={`mailto:${site.email}`} className="hover:underline">
                {site.email}
              </a>
            </li>
            <li>{site.address}</li>
          </ul>
          <div className="mt-4 flex gap-3 text-sm">
            <ExternalLink href={site.facebookUrl} className="rounded-md bg-white/10 px-3 py-1 hover:bg-white/20">
              Facebook
            </ExternalLink>
            <ExternalLink href={site.linkedinUrl} className="rounded-md bg-white/10 px-3 py-1 hover:bg-white/20">
              LinkedIn
            </ExternalLink>
          </div>
        </div>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs text-brand-100">
        © {new Date().getFullYear()} {site.brand}. Osorno, Chile.
      </p>
    </footer>
  );
}
