// /certificados/verificar: verify a certificate by typing its code (docs/product.md#certificates),
// for whoever holds a printed one or its code without the link or the QR. A GET form (?codigo=),
// so it works without JavaScript and the answer is an address: a code that exists leads to its
// verification page (/certificados/{codigo}); anything else comes back with the typed value and
// why. Public and not rate-limited, like the verification page itself: a code is 80 random bits.
import { data, Form, redirect } from "react-router";
import { certificateCodeExists, normalizeCode } from "~/features/certificates/certificates.server.ts";
import { CERTIFICATE_NOT_FOUND, VERIFY_CODE_BAD, VERIFY_CODE_UNKNOWN } from "~/features/certificates/texts.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/verify-code";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Verificación de certificado");

/** What a person types: spaces and dashes between groups, any case ("abcd-efgh …"). */
const typed = (value: string) => value.replace(/[\s-]+/g, "");

export async function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("codigo");
  if (raw === null) return { codigo: "", error: null };
  const codigo = raw.slice(0, 100);
  if (!codigo.trim()) return data({ codigo, error: "Escribe el código del certificado." }, { status: 400 });
  const code = normalizeCode(typed(codigo));
  if (!code) return data({ codigo, error: VERIFY_CODE_BAD }, { status: 400 });
  if (!(await certificateCodeExists(code))) {
    return data({ codigo, error: `${CERTIFICATE_NOT_FOUND}. ${VERIFY_CODE_UNKNOWN}` }, { status: 404 });
  }
  return redirect(`/certificados/${code}`);
}

export default function VerifyCertificateCode({ loaderData }: Route.ComponentProps) {
  const { codigo, error } = loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Verificar un certificado</h1>
      <Form method="get" className="card mt-6 space-y-3 p-6" noValidate>
        <label htmlFor="codigo" className="label">
          Código del certificado
        </label>
        <p id="codigo-ayuda" className="text-sm text-slate-600">
          Escribe el código de 16 letras y números que aparece en el certificado, junto a «Código de verificación».
        </p>
        <input
          id="codigo"
          name="codigo"
          className="input w-full font-mono uppercase"
          defaultValue={codigo}
          key={codigo}
          maxLength={100}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "codigo-ayuda codigo-error" : "codigo-ayuda"}
        />
        {error ? (
          <p id="codigo-error" role="alert" className="field-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn-primary">
          Verificar
        </button>
      </Form>
    </div>
  );
}
