import { z } from "zod";
import { isUsuario } from "~/features/accounts/usuario.ts";
import { ROLES } from "~/features/accounts/roles.ts";
import { multiLineText, singleLineText } from "~/lib/text.ts";
import { FILL_ALL, INVALID_RECIPIENT, SUBJECT_MAX } from "./texts.ts";

const trim = (v: unknown) => (typeof v === "string" ? v.trim() : v);
const required = (max: number) => z.string(FILL_ALL).min(1, FILL_ALL).max(max, "El texto es demasiado largo.");

/** Compose: each field trimmed and required; the subject one line (an e-mail's Subject too). */
export const ComposeSchema = z.object({
  to: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    singleLineText(z.string(FILL_ALL).min(1, FILL_ALL).max(254, INVALID_RECIPIENT)).pipe(
      // An address, or the usuario of an account without e-mail.
      z.string().refine((v) => (v.includes("@") ? z.email().safeParse(v).success : isUsuario(v)), INVALID_RECIPIENT),
    ),
  ),
  subject: z.preprocess(trim, singleLineText(required(SUBJECT_MAX))),
  content: z.preprocess(trim, multiLineText(required(10_000))),
});
export type ComposeInput = z.infer<typeof ComposeSchema>;

/** Opening a message from the inbox list (marks it read): the message id. */
export const OpenSchema = z.object({ intent: z.literal("open"), id: z.string().trim().min(1).max(64) });

/** A message as the API shows it (docs/product.md#api-messages-and-contact): toApiMessage's result. */
export const ApiMessageSchema = z.object({
  id: z.string(),
  from: z.string().meta({ description: "Correo de quien envía." }),
  fromName: z.string(),
  fromRole: z.enum([...ROLES, ""]).meta({ description: 'El rol de quien envía; "" si su cuenta fue eliminada.' }),
  to: z.string().meta({ description: "Correo de quien recibe." }),
  subject: z.string(),
  content: z.string(),
  date: z.iso.datetime(),
  leido: z.boolean(),
});
export type ApiMessage = z.output<typeof ApiMessageSchema>;

/** A sent message (?carpeta=enviados): without `leido` (not the sender's to know), with `toName`. */
const ApiSentMessageSchema = ApiMessageSchema.omit({ leido: true }).extend({ toName: z.string() });
export type ApiSentMessage = z.output<typeof ApiSentMessageSchema>;

/**
 * GET /api/mensajes: each item says its folder (`carpeta`), so a generated client narrows on it
 * (a received message has `leido`, a sent one `toName`) whatever `?carpeta=` was asked.
 */
export const ApiReceivedItemSchema = ApiMessageSchema.extend({ carpeta: z.literal("recibidos") });
export const ApiSentItemSchema = ApiSentMessageSchema.extend({ carpeta: z.literal("enviados") });
export const ApiFolderItemSchema = z.discriminatedUnion("carpeta", [ApiReceivedItemSchema, ApiSentItemSchema]);
export type ApiFolderItem = z.output<typeof ApiFolderItemSchema>;
