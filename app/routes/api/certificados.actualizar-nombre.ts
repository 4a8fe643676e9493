import { updateNameOnCertificates } from "~/features/certificates/certificates.server.ts";
import { NAME_REQUIRED_FOR_CERTIFICATES, nameUpdated } from "~/features/certificates/texts.ts";
import { NameUpdatedSchema, type NameUpdated } from "~/features/certificates/schema.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { error, json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/certificados/actualizar-nombre", {
  post: {
    tag: "Certificados",
    summary: "Actualizar el nombre en mis certificados",
    description:
      "Los certificados de quien llama que muestran otro nombre pasan a mostrar su nombre actual: mismo código " +
      "y enlace de verificación, PDF nuevo; la verificación indica la fecha del cambio.",
    access: "user",
    ok: { 200: json("Cuántos certificados se actualizaron.", NameUpdatedSchema) },
    errors: { 400: error("El perfil no tiene nombre.", NAME_REQUIRED_FOR_CERTIFICATES) },
    handler: async ({ user, request }) => {
      const outcome = await updateNameOnCertificates(user, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<NameUpdated>({ message: nameUpdated(outcome.updated), actualizados: outcome.updated });
    },
  },
});
export const action = loader;
