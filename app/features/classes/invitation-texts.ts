// An invitation to a class (docs/decisions/032-class-invitations.md): the words of the
// notification, the e-mail and the page /invitaciones/{id}. Free of Zod and Prisma: the page
// imports them.

export const INVITATION_TITLE = "Invitación a una clase";
export const invitationNoticeTitle = (clase: string) => `Te invitan a la clase «${clase}»`;
export const invitationNoticeText = (clase: string, curso: string) =>
  `El equipo docente del curso «${curso}» te invita a su clase «${clase}». ` +
  "Si aceptas, entras al curso y a la clase; si la rechazas, no cambia nada.";
export const INVITATION_LINK_LEAD = "Acepta o rechaza la invitación en";
export const invitationIntro = (clase: string, curso: string, by: string | null) =>
  `${by ?? "El equipo docente"} te invita a la clase «${clase}» del curso «${curso}». ` +
  "Si aceptas, quedas en el curso y tu profesor/a ve tu avance en la clase.";
export const INVITATION_DECLINED_BEFORE =
  "Rechazaste esta invitación. Si cambias de opinión, todavía puedes aceptarla.";
export const INVITATION_ACCEPT = "Aceptar invitación";
export const INVITATION_DECLINE = "Rechazar invitación";
export const INVITATION_NOT_FOUND = "Esta invitación no existe o ya la aceptaste.";
export const INVITATION_ANSWER_REQUIRED = "Elige aceptar o rechazar la invitación.";
export const invitationDeclined = (clase: string) =>
  `Rechazaste la invitación a la clase «${clase}». No se inscribió nada.`;
