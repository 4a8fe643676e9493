import { answerInvitation } from "~/features/classes/invitations.server.ts";
import { INVITATION_ANSWER_REQUIRED, INVITATION_NOT_FOUND } from "~/features/classes/texts.ts";
import {
  InvitationAnsweredSchema,
  InvitationAnswerSchema,
  type InvitationAnswered,
} from "~/features/classes/schema.ts";
import { JOIN_COURSE_NOT_OPEN, joinedClass } from "~/features/classes/texts.ts";
import { enrolWrongAudience } from "~/features/enrolment/rules.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";
import { CLASS_EXAMPLE } from "./examples.server.ts";

// docs/decisions/032-class-invitations.md: the same answer as the page /invitaciones/{id}.
export const loader = apiRoute("/api/clases/invitaciones/{invitacionId}", {
  post: {
    tag: "Clases",
    summary: "Aceptar o rechazar una invitación a una clase",
    description:
      "Solo la cuenta invitada. Cuando la lista de una clase nombra a alguien que ya tiene cuenta, no se le " +
      "inscribe: recibe una invitación (una notificación que enlaza a /invitaciones/{invitacionId} y, según " +
      "sus preferencias, un correo). `aceptar` la deja en la clase y, si aún no lo estaba, inscrita en el " +
      "curso, en una sola transacción y con las reglas de inscripción del curso; `rechazar` no cambia nada " +
      "más (la misma lista importada otra vez no vuelve a invitar, y la invitación aún puede aceptarse).",
    access: "user",
    body: { json: InvitationAnswerSchema },
    ok: {
      200: {
        ...json("La respuesta quedó registrada.", InvitationAnsweredSchema),
        example: {
          message: joinedClass("Curso 3°B 2026", "Compostaje en casa"),
          respuesta: "aceptar",
          clase: { id: CLASS_EXAMPLE.id, nombre: "Curso 3°B 2026" },
          curso: { id: CLASS_EXAMPLE.cursoId, titulo: "Compostaje en casa" },
          inscripcionNueva: true,
        },
      },
    },
    errors: {
      400: invalid("Falta la respuesta o no es aceptar ni rechazar.", INVITATION_ANSWER_REQUIRED),
      403: invalid("El curso de la clase es para otro público.", enrolWrongAudience("docente")),
      404: error("No hay una invitación con ese id para quien llama (o ya la aceptó).", INVITATION_NOT_FOUND),
      409: error("El curso aún no está publicado.", JOIN_COURSE_NOT_OPEN),
    },
    handler: async ({ user, params, body, request }) => {
      const outcome = await answerInvitation(user, params.invitacionId, (await body()).respuesta, request);
      if (!outcome.ok) return apiFailure(outcome);
      const { message, respuesta, clase, curso, inscripcionNueva } = outcome;
      return apiJson<InvitationAnswered>({ message, respuesta, clase, curso, inscripcionNueva });
    },
  },
});
export const action = loader;
