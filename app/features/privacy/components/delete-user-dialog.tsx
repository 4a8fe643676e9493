// Registros' '¿Eliminar usuario?' (docs/product.md#suspension-and-deletion), addressed by the URL (?eliminar=ID).
import { Form, Link } from "react-router";
import { Email } from "~/components/ui/email.tsx";
import { UrlDialog } from "~/components/ui/url-dialog.tsx";
import {
  certificateChoiceLabel,
  CERTIFICATE_CHOICES,
  DEFAULT_CERTIFICATE_CHOICE,
  DELETED_SENDER,
} from "~/features/privacy/account-deletion.ts";

export function DeleteUserDialog({
  user,
  name,
  closeHref,
}: {
  user: { id: string; correo: string; certificados: number };
  name: string;
  closeHref: string;
}) {
  return (
    <UrlDialog title="¿Eliminar usuario?" closeHref={closeHref}>
      <Form method="post" action={closeHref} className="space-y-4 text-sm text-slate-700">
        <input type="hidden" name="userId" value={user.id} />
        <p>
          Se eliminará la cuenta de <strong>{name}</strong> (<Email value={user.correo} />) con su perfil, sus
          inscripciones y resultados y los mensajes que recibió. Sus sesiones abiertas se cerrarán. Los mensajes que
          envió dirán «{DELETED_SENDER}» como remitente. Esta acción no se puede deshacer.
        </p>
        {user.certificados > 0 ? (
          <fieldset className="space-y-2">
            <legend className="label">
              {user.certificados === 1 ? "Su certificado" : `Sus ${user.certificados} certificados`}
            </legend>
            {CERTIFICATE_CHOICES.map((value) => (
              <label key={value} className="flex items-start gap-2">
                <input
                  type="radio"
                  name="certificados"
                  value={value}
                  defaultChecked={value === DEFAULT_CERTIFICATE_CHOICE}
                  className="mt-1"
                />
                <span>{certificateChoiceLabel(value, { own: false, count: user.certificados })}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <div className="flex justify-end gap-2">
          <Link to={closeHref} replace preventScrollReset className="btn-ghost">
            Cancelar
          </Link>
          <button type="submit" name="intent" value="delete" className="btn-danger">
            Eliminar definitivamente
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}
