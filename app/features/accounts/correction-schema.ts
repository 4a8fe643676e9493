// An admin's correction of name, birth date and RUT under the registration's rules (API twin: PUT …/profile).
import { z } from "zod";
import { PersonFields } from "~/features/accounts/schema.ts";
import { INVALID_RUT, normaliseRut } from "./rut.ts";

/** A RUT as typed (docs/product.md#rut) → its stored form; blank → null (the RUT is removed). */
const rutField = z
  .string()
  .max(20, INVALID_RUT)
  .transform((value, ctx) => {
    if (value.trim() === "") return null;
    const rut = normaliseRut(value);
    if (rut === null) ctx.addIssue({ code: "custom", message: INVALID_RUT });
    return rut;
  });

export const CorrectionSchema = z.object({ ...PersonFields, rut: rutField.optional() });
export type CorrectionFields = z.input<typeof CorrectionSchema>;
