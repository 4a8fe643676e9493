import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useForThreeSeconds } from "~/components/ui/use-for-three-seconds.ts";
import { data, Form, useNavigation, useRouteLoaderData } from "react-router";
import { ExternalLink } from "~/components/ui/external-link.tsx";
import { Honeypot } from "~/components/ui/honeypot.tsx";
import { useServerForm } from "~/components/ui/use-server-form.ts";
import { FormErrors, TextAreaField, TextField } from "~/components/ui/field.tsx";
import { contactRateLimit, submitContact } from "~/features/contact/contact.server.ts";
import { CONTACT_FAILED, CONTACT_OK, type ContactFields } from "~/features/contact/texts.ts";
import { ContactSchema } from "~/features/contact/schema.ts";
import { siteConfig } from "~/lib/site-config.server.ts";
import { failureHeaders, formReply } from "~/lib/failure.ts";
import { readForm } from "~/lib/form.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import { keepRetryAfter } from "~/lib/route-headers.ts";
import type { loader as rootLoader } from "~/root.tsx";
import type { Route } from "./+types/contact";
import { log } from "~/lib/log.server.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Contacto");

export const headers = keepRetryAfter;

export function loader() {
  return { mapEmbedUrl: siteConfig().mapEmbedUrl };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: ContactSchema });
  const gate = await contactRateLimit(request);
  if (!gate.ok) {
    return data(
      { result: formReply(submission, gate), success: false },
      { status: gate.status, headers: failureHeaders(gate) },
    );
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply(), success: false }, { status: 400 });
  }
  try {
    await submitContact(submission.value, request);
    return data({ result: submission.reply({ resetForm: true }), success: true });
  } catch (error) {
    log.error({ err: error }, "No se pudo enviar el formulario de contacto");
    return data({ result: submission.reply({ formErrors: [CONTACT_FAILED] }), success: false }, { status: 500 });
  }
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const mapEmbedUrl = loaderData.mapEmbedUrl;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const site = root?.site;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction?.startsWith("/contacto");
  const [form, fields] = useServerForm<ContactFields>("contacto", actionData?.result);
  const okVisible = useForThreeSeconds(actionData, !!actionData?.success);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Contacto</h1>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <Form method="post" {...getFormProps(form)} className="card space-y-4 p-6" aria-label="Formulario de contacto">
          <h2 className="text-lg font-semibold text-slate-900">Escríbenos</h2>
          {okVisible ? (
            <p role="status" className="alert-success">
              {CONTACT_OK}
            </p>
          ) : null}
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField field={fields.nombre} label="Nombre completo" autoComplete="name" required />
          <TextField field={fields.correo} label="Correo electrónico" type="email" autoComplete="email" required />
          <TextAreaField field={fields.mensaje} label="Mensaje" rows={5} />
          <Honeypot />
          <button type="submit" className="btn-primary w-full" disabled={sending}>
            {sending ? "Enviando..." : "Enviar mensaje"}
          </button>
        </Form>

        <div className="space-y-6">
          {site ? (
            <section className="card p-6 text-slate-700" aria-label="Datos de contacto">
              <h2 className="text-lg font-semibold text-slate-900">{site.brand}</h2>
              <ul className="mt-3 space-y-2">
                <li>
                  Teléfono:{" "}
                  <a href={`tel:${site.phone.replace(/\s+/g, "")}`} className="text-brand-700 hover:underline">
                    {site.phone}
                  </a>
                </li>
                <li>
                  Correo:{" "}
                  <a href={`mailto:${site.email}`} className="text-brand-700 hover:underline">
                    {site.email}
                  </a>
                </li>
                <li>Dirección: {site.address}</li>
              </ul>
              <ul className="mt-4 flex gap-4" aria-label="Redes sociales">
                <li>
                  <ExternalLink href={site.facebookUrl} className="text-brand-700 hover:underline">
                    Facebook
                  </ExternalLink>
                </li>
                <li>
                  <ExternalLink href={site.linkedinUrl} className="text-brand-700 hover:underline">
                    LinkedIn
                  </ExternalLink>
                </li>
              </ul>
            </section>
          ) : null}
          {mapEmbedUrl ? (
            <section className="card overflow-hidden" aria-label="Mapa">
              {/* If the map cannot load, the page stays usable: the address above and the link below. */}
              <iframe
                title="Mapa de ubicación"
                src={mapEmbedUrl}
                loading="lazy"
                referrerPolicy="no-referrer"
                className="h-72 w-full border-0 bg-slate-100"
              />
              <p className="p-3 text-sm">
                <ExternalLink href={mapEmbedUrl} className="text-brand-700 hover:underline">
                  Abrir el mapa en otra pestaña
                </ExternalLink>
              </p>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}
