import { describe, expect, it } from "vitest";
import type { Role } from "~/features/accounts/roles.ts";
import { NO_TIES, type Viewer } from "~/features/courses/rules.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { AUDIENCES } from "~/features/courses/audience.ts";
import {
  ENROL_LOGIN_REQUIRED,
  canAccessMaterials,
  classEnrolmentDecision,
  enrolWrongAudience,
  enrolmentDecision,
  takeableAudience,
} from "./rules.ts";

const as = (rol: Role): Viewer => ({ id: rol, rol });
const enrolled = { team: false, enrolled: true };
const course = (dirigidoA: string, estado = "publicado", visibilidad = "publico") => ({
  dirigidoA,
  estado,
  visibilidad,
});

describe("materials", () => {
  it("opens materials to enrolled users, docentes and admins", () => {
    const open = course("general");
    expect(canAccessMaterials(null, NO_TIES, open)).toBe(false);
    expect(canAccessMaterials(as("estudiante"), NO_TIES, open)).toBe(false);
    expect(canAccessMaterials(as("estudiante"), enrolled, open)).toBe(true);
    expect(canAccessMaterials(as("docente"), NO_TIES, open)).toBe(true);
    expect(canAccessMaterials(as("admin"), NO_TIES, open)).toBe(true);
  });

  it("opens a private course's materials to its learners once it is 'Lista para la clase'", () => {
    const draft = course("general", "borrador", "privado");
    expect(canAccessMaterials(as("estudiante"), enrolled, draft)).toBe(false);
    expect(canAccessMaterials(as("estudiante"), enrolled, course("general", "publicado", "privado"))).toBe(true);
    expect(canAccessMaterials(as("docente"), { team: true, enrolled: false }, draft)).toBe(true);
    expect(canAccessMaterials(as("admin"), NO_TIES, draft)).toBe(true);
    // A docente who joined its class is one of its learners, not its team.
    expect(canAccessMaterials(as("docente"), enrolled, draft)).toBe(false);
  });
});

describe("private courses", () => {
  const privado = (estado = "borrador") => course("docente", estado, "privado");
  it("are taken alone only by those who see them; through a class whatever their estado and audience", () => {
    expect(enrolmentDecision(as("estudiante"), privado("publicado"))).toMatchObject({ status: 404 });
    expect(enrolmentDecision(as("docente"), privado())).toMatchObject({ status: 404 });
    expect(enrolmentDecision(as("docente"), privado(), { team: true, enrolled: false }).ok).toBe(true);
    expect(enrolmentDecision(as("admin"), privado()).ok).toBe(true);
    expect(classEnrolmentDecision(as("estudiante"), privado()).ok).toBe(true);
    expect(classEnrolmentDecision(as("comunidad"), privado("publicado")).ok).toBe(true);
    expect(classEnrolmentDecision(as("estudiante"), course("general", "borrador"))).toMatchObject({
      status: 409,
      reason: "not-open",
    });
    expect(classEnrolmentDecision(as("estudiante"), course("docente"))).toMatchObject({ reason: "audience" });
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

describe("the list of what one may take", () => {
  it("holds exactly the published courses enrolmentDecision lets each role take", () => {
    for (const rol of ["estudiante", "comunidad", "docente", "admin"] as const) {
      const own = takeableAudience(as(rol));
      for (const audience of AUDIENCES) {
        const mayTake = enrolmentDecision(as(rol), course(audience)).ok;
        // No list: every course may be taken; a list: its audience and 'general'.
        const listed = own === null || audience === own || audience === "general";
        expect(listed, `${rol} / ${audience}`).toBe(mayTake);
      }
    }
    expect(takeableAudience(null)).toBeNull();
  });
});
