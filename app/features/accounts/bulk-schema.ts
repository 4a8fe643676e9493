// The accounts of a bulk action (docs/product.md#bulk-approval-and-suspension): checked rows or the API body.
import { z } from "zod";

const BULK_MAX = 100;
export const BULK_TOO_MANY = `Elige a lo más ${BULK_MAX} cuentas a la vez.`;
export const BULK_NONE = "Marca al menos una cuenta.";

export const BulkIdsSchema = z.object({
  ids: z
    .array(z.string().min(1).max(64), { error: BULK_NONE })
    .min(1, BULK_NONE)
    .max(BULK_MAX, BULK_TOO_MANY)
    .meta({ description: `Los id de las cuentas (de 1 a ${BULK_MAX}).` }),
});

/** The API's answer: which accounts changed and which were left, each with its reason. */
export const BulkAnswerSchema = z.object({
  message: z.string(),
  hechas: z.array(z.string()).meta({ description: "Las cuentas aprobadas (o suspendidas), y las ya aprobadas." }),
  omitidas: z
    .array(z.object({ id: z.string(), motivo: z.string() }))
    .meta({ description: "Las cuentas que quedaron como estaban, con el motivo." }),
});
export type BulkAnswer = z.output<typeof BulkAnswerSchema>;
