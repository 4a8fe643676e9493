import { describe, expect, it } from "vitest";
import { TEXT_NOT_ALLOWED } from "~/lib/text.ts";
import { ContactSchema } from "./schema.ts";

const valid = { nombre: "Rosa Díaz", correo: "rosa@test.cl", mensaje: "Hola" };
const errors = (input: Record<string, unknown>) =>
  ContactSchema.safeParse(input).error?.issues.map((i) => `${i.path.join(".")}:${i.message}`) ?? [];

describe("ContactSchema: control characters", () => {
  it("the name and the e-mail are one line: control characters and line breaks are refused", () => {
    expect(errors({ ...valid, nombre: "Rosa\u0000Díaz" })).toEqual([`nombre:${TEXT_NOT_ALLOWED}`]);
    expect(errors({ ...valid, nombre: "Rosa\nDíaz" })).toEqual([`nombre:${TEXT_NOT_ALLOWED}`]);
    expect(errors({ ...valid, correo: "rosa@test.cl\r\nBcc: otro@test.cl" })).toHaveLength(1);
  });

  it("the message is multi-line: line breaks and tabs are kept, NUL and other controls refused", () => {
    expect(ContactSchema.parse({ ...valid, mensaje: "Hola,\r\n\tquisiera saber\nmás" }).mensaje).toBe(
      "Hola,\r\n\tquisiera saber\nmás",
    );
    expect(errors({ ...valid, mensaje: "Hola\u0000" })).toEqual([`mensaje:${TEXT_NOT_ALLOWED}`]);
    expect(errors({ ...valid, mensaje: "Hola\u001b[31m" })).toEqual([`mensaje:${TEXT_NOT_ALLOWED}`]);
  });
});
