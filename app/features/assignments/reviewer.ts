// Who reviewed a hand-in, as the pages show it (docs/decisions/048-tareas.md): a teacher's reviews
// stay when the teacher's account goes (revisadaPorId set null) and read 'Cuenta eliminada'.
import { fullName } from "~/features/accounts/roles.ts";

const REVIEWER_DELETED = "Cuenta eliminada";

/**
 * The reviewer's name; 'Cuenta eliminada' when the hand-in was reviewed (a nota, a comment or
 * returned) by an account since deleted; null when nobody has reviewed it yet.
 */
export function reviewerName(row: {
  revisadaPor: { nombre: string; apellido: string } | null;
  nota: number | null;
  comentario: string;
  devueltaEn: Date | null;
}): string | null {
  if (row.revisadaPor) return fullName(row.revisadaPor.nombre, row.revisadaPor.apellido);
  const reviewed = row.nota !== null || row.comentario !== "" || row.devueltaEn !== null;
  return reviewed ? REVIEWER_DELETED : null;
}
