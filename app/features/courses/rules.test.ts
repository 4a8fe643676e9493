import { describe, expect, it } from "vitest";
import {
  ENROL_LOGIN_REQUIRED,
  canAccessMaterials,
  canSeeCourse,
  displayProgress,
  enrolWrongAudience,
  enrolmentDecision,
  progressStatus,
  type Viewer,
} from "./rules.ts";
import type { Role } from "~/features/auth/roles.ts";
import { COURSE_NOT_FOUND } from "./texts.ts";

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

  it("opens materials to enrolled users, docentes and admins", () => {
    expect(canAccessMaterials(null, false)).toBe(false);
    expect(canAccessMaterials(as("estudiante"), false)).toBe(false);
    expect(canAccessMaterials(as("estudiante"), true)).toBe(true);
    expect(canAccessMaterials(as("docente"), false)).toBe(true);
    expect(canAccessMaterials(as("admin"), false)).toBe(true);
  });
});

describe("enrolment", () => {
  it("requires a signed-in user", () => {
    expect(enrolmentDecision(null, course("general"))).toMatchObject({
      ok: false,
      status: 401,
      message: ENROL_LOGIN_REQUIRED,
    });
  });

  it("matches the audience for estudiante and comunidad; docentes and admins take any", () => {
    expect(enrolmentDecision(as("estudiante"), course("estudiante")).ok).toBe(true);
    expect(enrolmentDecision(as("estudiante"), course("general")).ok).toBe(true);
    expect(enrolmentDecision(as("estudiante"), course("docente"))).toMatchObject({
      ok: false,
      status: 403,
      message: enrolWrongAudience("docente"),
    });
    expect(enrolWrongAudience("docente")).toBe("Este curso está dirigido únicamente a usuarios con rol de docente");
    expect(enrolmentDecision(as("comunidad"), course("estudiante")).ok).toBe(false);
    expect(enrolmentDecision(as("docente"), course("comunidad")).ok).toBe(true);
    expect(enrolmentDecision(as("admin"), course("estudiante")).ok).toBe(true);
  });

  it("keeps drafts for docentes and admins; for others a draft does not exist (404, whatever its audience)", () => {
    expect(enrolmentDecision(as("estudiante"), course("general", "borrador"))).toMatchObject({
      ok: false,
      status: 404,
      message: COURSE_NOT_FOUND,
    });
    expect(enrolmentDecision(as("estudiante"), course("docente", "borrador"))).toMatchObject({ status: 404 });
    expect(enrolmentDecision(as("docente"), course("general", "borrador")).ok).toBe(true);
    expect(enrolmentDecision(as("admin"), course("docente", "borrador")).ok).toBe(true);
  });
});

describe("progress display", () => {
  it.each([
    [50, 50],
    ["75", 75],
    [100, 100],
    [-1, 0],
    [101, 0],
    ["abc", 0],
    [null, 0],
    [Number.NaN, 0],
    [33.4, 33],
  ])("%s → %s", (input, expected) => {
    expect(displayProgress(input)).toBe(expected);
  });
  it("says 'Finalizado' only at 100", () => {
    expect(progressStatus(100)).toBe("Finalizado");
    expect(progressStatus(99)).toBe("En progreso");
    expect(progressStatus("x")).toBe("En progreso");
  });
});
