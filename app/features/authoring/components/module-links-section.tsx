// A module's useful links in the course editor: the list (each with its delete button) and the
// form that adds one, which comes back with its values and errors when refused.
import { Form } from "react-router";
import type { EditorActionData } from "../editor-types.ts";
import { formState, SmallField, type Busy, type EditorModule } from "./module-parts.tsx";

export function ModuleLinksSection({
  module: m,
  actionData,
  busy,
}: {
  module: EditorModule;
  actionData?: EditorActionData;
  busy: Busy;
}) {
  const linkFormId = `enlace-${m.id}`;
  const linkState = formState(actionData, linkFormId);
  return (
    <section aria-labelledby={`enlaces-${m.id}`}>
      <h4 id={`enlaces-${m.id}`} className="font-semibold text-slate-900">
        Enlaces útiles
      </h4>
      {m.enlaces.length === 0 ? <p className="mt-2 text-sm text-slate-600">Sin enlaces.</p> : null}
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {m.enlaces.map((l) => (
          <li key={l.id} className="flex items-center justify-between gap-2 py-2">
            <a
              href={l.url}
              target="_blank"
              rel="noopener noreferrer"
              className="min-w-0 break-words text-brand-700 hover:underline"
            >
              {l.nombre}
            </a>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="moduloId" value={m.id} />
              <input type="hidden" name="enlaceId" value={l.id} />
              <button
                type="submit"
                name="intent"
                value="delete-link"
                className="btn-ghost px-2 py-1 text-sm text-red-700"
                disabled={busy("delete-link", ["enlaceId", l.id])}
                aria-label={`Eliminar enlace ${l.nombre}`}
              >
                Eliminar
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Form
        method="post"
        preventScrollReset
        className="mt-3 space-y-2"
        key={linkState ? JSON.stringify(linkState.values) : "vacio"}
      >
        <input type="hidden" name="formId" value={linkFormId} />
        <input type="hidden" name="moduloId" value={m.id} />
        <SmallField
          formId={linkFormId}
          state={linkState}
          name="nombre"
          label="Nombre del enlace"
          maxLength={200}
          required
        />
        <SmallField
          formId={linkFormId}
          state={linkState}
          name="url"
          label="URL"
          type="url"
          maxLength={2000}
          required
          placeholder="https://"
        />
        <button type="submit" name="intent" value="add-link" className="btn-secondary" disabled={busy("add-link")}>
          {busy("add-link") ? "Agregando..." : "Agregar enlace"}
        </button>
      </Form>
    </section>
  );
}
