import { describe, expect, it } from "vitest";
import { homeForRole, initials, profileLinkForRole } from "./roles.ts";
import { TEXT_NOT_ALLOWED } from "~/lib/text.ts";
import {
  INVALID_ROLE,
  LoginSchema,
  PASSWORDS_DIFFER,
  PASSWORD_TOO_SHORT,
  REQUIRED_ALL,
  RegisterSchema,
} from "./schema.ts";

const valid = {
  nombre: "Ana",
  apellido: "Pérez",
  correo: "Ana@Correo.CL",
  fechaNacimiento: "2001-02-03",
  rol: "estudiante",
  password: "una clave larga",
  confirmarPassword: "una clave larga",
};

function messages(input: Record<string, unknown>) {
  const parsed = RegisterSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
}

describe("RegisterSchema", () => {
  it("accepts a complete registration and normalises the e-mail", () => {
    const parsed = RegisterSchema.parse(valid);
    expect(parsed.correo).toBe("ana@correo.cl");
  });

  it("asks to complete every field when one is blank after trimming", () => {
    expect(messages({ ...valid, nombre: "   " })).toEqual([`nombre:${REQUIRED_ALL}`]);
    expect(messages({ ...valid, apellido: undefined })).toEqual([`apellido:${REQUIRED_ALL}`]);
  });

  it("refuses mismatched passwords, short passwords and roles outside the three", () => {
    expect(messages({ ...valid, confirmarPassword: "otra cosa distinta" })).toEqual([
      `confirmarPassword:${PASSWORDS_DIFFER}`,
    ]);
    expect(messages({ ...valid, password: "corta", confirmarPassword: "corta" })).toEqual([
      `password:${PASSWORD_TOO_SHORT}`,
    ]);
    expect(messages({ ...valid, rol: "admin" })).toEqual([`rol:${INVALID_ROLE}`]);
  });

  it("names and the e-mail are one line: NUL, other control characters and line breaks are refused", () => {
    expect(messages({ ...valid, nombre: "abc\u0000def" })).toEqual([`nombre:${TEXT_NOT_ALLOWED}`]);
    expect(messages({ ...valid, nombre: "Ana\nMaría" })).toEqual([`nombre:${TEXT_NOT_ALLOWED}`]);
    expect(messages({ ...valid, apellido: "Pé\u007frez" })).toEqual([`apellido:${TEXT_NOT_ALLOWED}`]);
    expect(messages({ ...valid, apellido: "Pérez\tSoto" })).toEqual([`apellido:${TEXT_NOT_ALLOWED}`]);
    expect(messages({ ...valid, correo: "ana\u0000@correo.cl" })).toEqual([`correo:${TEXT_NOT_ALLOWED}`]);
    expect(LoginSchema.safeParse({ correo: "ana@correo.cl\r\nBcc: x@y.cl", password: "x" }).success).toBe(false);
    // Line breaks at either end are whitespace: trimmed, as before.
    expect(RegisterSchema.parse({ ...valid, nombre: "\n Ana \r\n" }).nombre).toBe("Ana");
  });

  it("refuses impossible birth dates", () => {
    expect(messages({ ...valid, fechaNacimiento: "2001-02-30" })).toHaveLength(1);
    expect(messages({ ...valid, fechaNacimiento: "3000-01-01" })).toHaveLength(1);
  });
});

describe("roles", () => {
  it("sends each role to its page and unknown roles nowhere", () => {
    expect(homeForRole("admin")).toBe("/admin");
    expect(homeForRole("docente")).toBe("/docente");
    expect(homeForRole("Estudiante")).toBe("/user");
    expect(homeForRole("comunidad")).toBe("/comunidad");
    expect(homeForRole("otro")).toBeNull();
  });
  it("links the initials button per docs/product.md#header-and-footer and shows 'US' without a name", () => {
    expect(profileLinkForRole("admin")).toBe("/admin/profile");
    expect(profileLinkForRole("docente")).toBe("/user");
    expect(profileLinkForRole("x")).toBe("/");
    expect(initials("", null)).toBe("US");
    expect(initials("matías", "fuentes")).toBe("MF");
  });
});

describe("login redirects", () => {
  it("point at the page, not at React Router's data URL", async () => {
    const { requestedPath } = await import("./guards.server.ts");
    expect(requestedPath(new Request("http://x/biblioteca.data?_routes=routes%2Flibrary"))).toBe("/biblioteca");
    expect(requestedPath(new Request("http://x/_root.data"))).toBe("/");
    expect(requestedPath(new Request("http://x/admin/records?page=2"))).toBe("/admin/records?page=2");
  });

  it("report a password mismatch even when another field is missing", () => {
    expect(messages({ ...valid, nombre: "", confirmarPassword: "distinta de la otra" })).toEqual([
      `nombre:${REQUIRED_ALL}`,
      `confirmarPassword:${PASSWORDS_DIFFER}`,
    ]);
  });
});
