import { Form, Link } from "react-router";
import { UrlDialog } from "./url-dialog.tsx";

/**
 * The confirmation step before a permanent deletion: a URL-addressed dialog (works without JS)
 * with 'Cancelar' and a POST of intent=delete plus the object's id.
 */
export function ConfirmDeleteDialog({
  title,
  closeHref,
  idName,
  idValue,
  children,
}: {
  title: string;
  closeHref: string;
  idName: string;
  idValue: string;
  children: React.ReactNode;
}) {
  return (
    <UrlDialog title={title} closeHref={closeHref}>
      <div className="text-sm text-slate-700">{children}</div>
      <div className="mt-5 flex justify-end gap-2">
        <Link to={closeHref} replace preventScrollReset className="btn-ghost">
          Cancelar
        </Link>
        <Form method="post" action={closeHref}>
          <input type="hidden" name={idName} value={idValue} />
          <button type="submit" name="intent" value="delete" className="btn-danger">
            Eliminar definitivamente
          </button>
        </Form>
      </div>
    </UrlDialog>
  );
}
