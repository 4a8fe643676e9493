import { describe, expect, it } from "vitest";
import { canSeeCourse, type Viewer } from "./rules.ts";
import type { Role } from "~/features/accounts/roles.ts";

const as = (rol: Role): Viewer => ({ id: rol, rol });
const course = (dirigidoA: string, estado = "publicado") => ({ dirigidoA, estado });

describe("visibility", () => {
  it("shows drafts only to docentes and admins", () => {
    for (const viewer of [null, as("estudiante"), as("comunidad")]) {
      expect(canSeeCourse(viewer, course("general", "borrador"))).toBe(false);
      expect(canSeeCourse(viewer, course("general"))).toBe(true);
    }
    expect(canSeeCourse(as("docente"), course("general", "borrador"))).toBe(true);
    expect(canSeeCourse(as("admin"), course("general", "borrador"))).toBe(true);
  });
});
