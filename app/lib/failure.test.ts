import { describe, expect, it } from "vitest";
import { ApiError, apiFailure, handleApi, SERVER_ERROR } from "./api.server.ts";
import { asFailure, fail, FailureError, formReply, ok, raise } from "./failure.ts";
import { invariantResponse } from "./invariant.ts";
import { expectErrorLog, loggedErrors } from "../../tests/setup.ts";

describe("the one Failure", () => {
  it("ok() and fail() build the two sides of a Result", () => {
    expect(ok()).toEqual({ ok: true });
    expect(ok({ id: "x" })).toEqual({ ok: true, id: "x" });
    expect(fail(404, "Curso no encontrado")).toEqual({ ok: false, status: 404, message: "Curso no encontrado" });
    expect(fail(409, "Correo en uso", { field: "correo", reason: "taken" })).toEqual({
      ok: false,
      status: 409,
      message: "Correo en uso",
      field: "correo",
      reason: "taken",
    });
  });

  it("a thrown Failure is recognised whether it is a FailureError, an ApiError or a plain object", () => {
    expect(() => raise(fail(403, "No"))).toThrow(FailureError);
    expect(asFailure(new FailureError(fail(403, "No")))).toMatchObject({ status: 403, message: "No" });
    expect(asFailure(new ApiError(401, "Inicia sesión"))).toMatchObject({ status: 401, message: "Inicia sesión" });
    expect(asFailure(fail(400, "Mal"))).toMatchObject({ status: 400 });
    expect(asFailure(new Error("boom"))).toBeNull();
    expect(asFailure({ ok: false })).toBeNull();
  });
});

describe("its adapters", () => {
  it("the API answer is { error } with the failure's status, also when the Failure is thrown", async () => {
    const direct = apiFailure(fail(404, "Evaluación no encontrada"));
    expect(direct.status).toBe(404);
    expect(await direct.json()).toEqual({ error: "Evaluación no encontrada" });
    expect(direct.headers.get("Cache-Control")).toBe("no-store");

    const thrown = await handleApi(async () => raise(fail(403, "Inscríbete en el curso")));
    expect(thrown.status).toBe(403);
    expect(await thrown.json()).toEqual({ error: "Inscríbete en el curso" });
  });

  it("an unexpected error is a 500 with the route's own text (or the default), never its details", async () => {
    expectErrorLog(2);
    const named = await handleApi(
      async () => {
        throw new Error("SQLITE_BUSY");
      },
      { unexpected: "Error al cargar los libros" },
    );
    expect(named.status).toBe(500);
    expect(await named.json()).toEqual({ error: "Error al cargar los libros" });
    const plain = await handleApi(async () => {
      throw new Error("SQLITE_BUSY");
    });
    expect(await plain.json()).toEqual({ error: SERVER_ERROR });
    // Logged for the operators, with its details (the caller saw none of them).
    expect(loggedErrors().map((line) => line.err?.message)).toEqual(["SQLITE_BUSY", "SQLITE_BUSY"]);
  });

  it("the form reply puts the message under its field, or on the whole form", () => {
    const calls: unknown[] = [];
    const submission = {
      reply: (options?: unknown) => {
        calls.push(options);
        return { status: "error" as const };
      },
    };
    formReply(submission, fail(409, "Correo en uso", { field: "correo" }), { hideFields: ["password"] });
    formReply(submission, fail(429, "Demasiados intentos"));
    expect(calls).toEqual([
      { hideFields: ["password"], fieldErrors: { correo: ["Correo en uso"] } },
      { formErrors: ["Demasiados intentos"] },
    ]);
  });
});

describe("invariantResponse", () => {
  it("passes when the condition holds and throws data(message, { status }) when it does not", () => {
    expect(() => invariantResponse("x", "no")).not.toThrow();
    let thrown: unknown;
    try {
      invariantResponse(null, "Curso no encontrado", { status: 404 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ data: "Curso no encontrado", init: { status: 404 } });
  });
});
