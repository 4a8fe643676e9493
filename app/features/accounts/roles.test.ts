import { describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api.server.ts";
import { requireSelfOrAdmin } from "./api-guards.server.ts";
import { isAdmin, toRole } from "./roles.ts";

describe("roles as the app reads them", () => {
  it("lower-cases a stored role once and knows only the four roles", () => {
    expect(toRole("Admin")).toBe("admin");
    expect(toRole("ESTUDIANTE")).toBe("estudiante");
    expect(toRole("invitado")).toBeNull();
    expect(toRole("")).toBeNull();
  });

  it("isAdmin: only an admin; an unknown role or a visitor never", () => {
    expect(isAdmin({ rol: "admin" })).toBe(true);
    expect(isAdmin({ rol: "docente" })).toBe(false);
    expect(isAdmin({ rol: null })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });

  it("requireSelfOrAdmin: oneself or an admin; anyone else a 403 with the route's message", () => {
    expect(() => requireSelfOrAdmin({ id: "a", rol: "estudiante" }, "a", "No.")).not.toThrow();
    expect(() => requireSelfOrAdmin({ id: "a", rol: "admin" }, "b", "No.")).not.toThrow();
    for (const rol of ["docente", "estudiante", "comunidad", null] as const) {
      let thrown: unknown;
      try {
        requireSelfOrAdmin({ id: "a", rol }, "b", "No tienes permiso.");
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).status).toBe(403);
      expect((thrown as ApiError).message).toBe("No tienes permiso.");
    }
  });
});
