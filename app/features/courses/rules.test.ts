import { describe, expect, it } from "vitest";
import { canSeeCourse, type Viewer } from "./rules.ts";
import type { Role } from "~/features/accounts/roles.ts";

const as = (rol: Role): Viewer => ({ id: rol, rol });
const course = (dirigidoA: string, estado = "publicado", visibilidad = "publico") => ({
  dirigidoA,
  estado,
  visibilidad,
});

describe("visibility", () => {
  it("shows drafts only to docentes and admins", () => {
    for (const viewer of [null, as("estudiante"), as("comunidad")]) {
      expect(canSeeCourse(viewer, course("general", "borrador"))).toBe(false);
      expect(canSeeCourse(viewer, course("general"))).toBe(true);
    }
    expect(canSeeCourse(as("docente"), course("general", "borrador"))).toBe(true);
    expect(canSeeCourse(as("admin"), course("general", "borrador"))).toBe(true);
  });

  it("shows a private course, ready or not, to its team, admins and its enrolled learners only", () => {
    for (const estado of ["borrador", "publicado"]) {
      const privado = course("general", estado, "privado");
      for (const viewer of [null, as("estudiante"), as("docente"), as("comunidad")]) {
        expect(canSeeCourse(viewer, privado)).toBe(false);
      }
      expect(canSeeCourse(as("admin"), privado)).toBe(true);
      expect(canSeeCourse(as("docente"), privado, { team: true, enrolled: false })).toBe(true);
      expect(canSeeCourse(as("estudiante"), privado, { team: false, enrolled: true })).toBe(true);
      expect(canSeeCourse(null, privado, { team: true, enrolled: true })).toBe(false);
    }
  });
});
