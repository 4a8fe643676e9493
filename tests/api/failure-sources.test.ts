// The one Failure from its real sources: a refused sign-in, a refused
// upload, a spent rate-limit budget and a bad API token are each a Failure, and the two adapters
// (the API's `{ error }` and the form's Conform reply) answer them with the same status and text.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BAD_CREDENTIALS, verifyLogin } from "~/features/accounts/login.server.ts";
import { BAD_TOKEN, verifyApiToken } from "~/features/accounts/api-token.server.ts";
import { BUDGETS, consume, TOO_MANY_REQUESTS } from "~/features/limits/rate-limits.server.ts";
import { apiFailure, handleApi } from "~/lib/api.server.ts";
import { asFailure, FailureError, formReply, type Failure } from "~/lib/failure.ts";
import { PDF_ONLY } from "~/lib/file-types.ts";
import { parseUpload, pdfUploadOptions, UploadError } from "~/lib/upload.server.ts";
import { createUser, formRequest, multipartRequest, PNG_1PX } from "../factories.ts";

const FormSchema = z.object({ correo: z.string().optional() });

/** What each adapter answers for a thrown error: the API's status and body, the form's errors. */
async function bothAdapters(error: unknown) {
  const api = await handleApi(async () => {
    throw error;
  });
  const failure = asFailure(error);
  expect(failure).not.toBeNull();
  const submission = parseWithZod(new FormData(), { schema: FormSchema });
  const form = formReply(submission, failure!);
  return { status: api.status, body: (await api.json()) as unknown, form: form.error, failure: failure! };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal");
}

describe("a refused sign-in", () => {
  it("is a thrown Failure: 401 with the same text for the API and the login form", async () => {
    const user = await createUser();
    const error = await caught(
      verifyLogin({ correo: user.correo, password: "otra-clave-equivocada" }, formRequest("/login", {})),
    );
    expect(error).toBeInstanceOf(FailureError);
    const { status, body, form } = await bothAdapters(error);
    expect(status).toBe(401);
    expect(body).toEqual({ error: BAD_CREDENTIALS });
    expect(form).toEqual({ "": [BAD_CREDENTIALS] });
  });
});

describe("a refused upload", () => {
  it("is an UploadError that is a FailureError: its status, text and field reach both adapters", async () => {
    const request = multipartRequest("/subir", {
      titulo: "Un libro",
      pdf: { bytes: PNG_1PX, name: "no-es.pdf", type: "application/pdf" },
    });
    const error = await caught(parseUpload(request, pdfUploadOptions("books", ["pdf"])));
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toBeInstanceOf(FailureError);
    const { status, body, form, failure } = await bothAdapters(error);
    expect(status).toBe(400);
    expect(body).toEqual({ error: PDF_ONLY });
    expect(failure).toMatchObject({ ok: false, status: 400, message: PDF_ONLY, field: "pdf" });
    expect(form).toEqual({ pdf: [PDF_ONLY] });
    // The text fields read before the refusal come back with it.
    expect((error as UploadError).form?.get("titulo")).toBe("Un libro");
  });

  it("a form body too large for a form without files is a 413 Failure, not a router response", async () => {
    const request = formRequest("/subir", { texto: "x".repeat(300 * 1024) });
    const error = await caught(parseUpload(request, pdfUploadOptions("books", ["pdf"])));
    expect(error).toBeInstanceOf(UploadError);
    const { status, body } = await bothAdapters(error);
    expect(status).toBe(413);
    expect(body).toEqual({ error: "El formulario es demasiado grande." });
  });
});

describe("the other answers that were shapes of their own", () => {
  it("a spent budget is a 429 Failure with Retry-After", async () => {
    const bucket = `failure-${crypto.randomUUID()}`;
    let last: Awaited<ReturnType<typeof consume>> | undefined;
    for (let i = 0; i <= BUDGETS.contactIp.points; i += 1) last = await consume([["contactIp", bucket]]);
    expect(last).toMatchObject({ ok: false, status: 429, message: TOO_MANY_REQUESTS });
    const answer = apiFailure(last as Failure);
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("a bad API token is a 401 Failure with its reason", async () => {
    expect(await verifyApiToken("no-es-un-token")).toEqual({
      ok: false,
      status: 401,
      message: BAD_TOKEN,
      reason: "invalid",
    });
  });
});
