// The course editor's publishing buttons (docs/product.md#course-teams): who may publish sees
// 'Publicar'; a teacher who may not sends a draft with 'Enviar a revisión'; an admin returns a
// course in review to draft with a comment for its team. A private course's team marks it 'Lista
// para la clase' (and back) without review, and from there may ask for the open catalog
// (docs/decisions/039-private-courses.md).
import { Form } from "react-router";
import { usePendingIntent } from "~/components/ui/use-pending-intent.ts";
import type { EditorActionData } from "../editor-types.ts";
import { formState, SmallField } from "./module-parts.tsx";

export function ReviewActions({
  estado,
  privado,
  canPublish,
  reviewer,
  actionData,
}: {
  estado: string;
  /** A private course: 'Publicar' takes it to the open catalog. */
  privado: boolean;
  canPublish: boolean;
  /** An admin: may return a course in review to draft. */
  reviewer: boolean;
  actionData?: EditorActionData;
}) {
  const pending = usePendingIntent();
  const publishing = pending({ intent: "publish" }, { untilLoaded: true });
  const sending = pending({ intent: "send-review" }, { untilLoaded: true });
  const returning = pending({ intent: "return-draft" }, { untilLoaded: true });
  const marking = pending({ intent: privado && estado === "borrador" ? "class-ready" : "class-unready" });
  const state = formState(actionData, "devolver");
  if (estado === "publicado" && !privado) return null;
  return (
    <>
      {privado && estado !== "en_revision" ? (
        <Form method="post" preventScrollReset>
          <button
            type="submit"
            name="intent"
            value={estado === "borrador" ? "class-ready" : "class-unready"}
            className={estado === "borrador" ? "btn-primary" : "btn-secondary"}
            disabled={marking}
          >
            {estado === "borrador" ? "Lista para la clase" : "Volver a preparación"}
          </button>
        </Form>
      ) : null}
      {canPublish ? (
        <Form method="post" preventScrollReset>
          <button type="submit" name="intent" value="publish" className="btn-primary" disabled={publishing}>
            {publishing ? "Publicando..." : privado ? "Publicar en el catálogo" : "Publicar"}
          </button>
        </Form>
      ) : null}
      {privado && estado === "publicado" && !reviewer ? (
        <Form method="post" preventScrollReset>
          <button type="submit" name="intent" value="send-review" className="btn-secondary" disabled={sending}>
            {sending ? "Enviando..." : "Pedir publicación en el catálogo"}
          </button>
        </Form>
      ) : null}
      {estado === "borrador" && !privado && !reviewer ? (
        <Form method="post" preventScrollReset>
          <button
            type="submit"
            name="intent"
            value="send-review"
            className={canPublish ? "btn-secondary" : "btn-primary"}
            disabled={sending}
          >
            {sending ? "Enviando..." : "Enviar a revisión"}
          </button>
        </Form>
      ) : null}
      {estado === "en_revision" && !reviewer ? (
        <p className="text-sm text-slate-600">
          {privado
            ? "En revisión para el catálogo: tu clase lo sigue usando mientras un administrador lo revisa."
            : "En revisión: un administrador lo publicará o te lo devolverá."}
        </p>
      ) : null}
      {estado === "en_revision" && reviewer ? (
        <details className="w-full" open={state ? true : undefined}>
          <summary className="btn-ghost inline-block cursor-pointer">Devolver a borrador</summary>
          <Form method="post" preventScrollReset className="mt-2 space-y-2" key={state?.values.comentario ?? "vacio"}>
            <SmallField
              formId="devolver"
              state={state}
              name="comentario"
              label="Comentario para el equipo docente"
              rows={3}
              maxLength={5000}
              required
            />
            <button type="submit" name="intent" value="return-draft" className="btn-secondary" disabled={returning}>
              {returning ? "Devolviendo..." : "Devolver a borrador"}
            </button>
          </Form>
        </details>
      ) : null}
    </>
  );
}
