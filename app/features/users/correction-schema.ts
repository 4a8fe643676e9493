// An admin's correction of a person's name and birth date (rectification on request, e.g. by a
// school for a child who cannot use the profile): the registration's rules, one schema for the
// page at /admin/records/{userId}/corregir; the API twin is PUT /api/auth/users/{userId}/profile.
import { z } from "zod";
import { PersonFields } from "~/features/auth/schema.ts";

export const CorrectionSchema = z.object(PersonFields);
export type CorrectionFields = z.input<typeof CorrectionSchema>;
