import { describe, expect, it } from "vitest";
import { TEXT_NOT_ALLOWED } from "~/lib/text.ts";
import { ComposeSchema } from "./schema.ts";

const valid = { to: "beto@test.cl", subject: "Hola", content: "¿Cómo estás?" };
const errors = (input: Record<string, unknown>) =>
  ComposeSchema.safeParse(input).error?.issues.map((i) => `${i.path.join(".")}:${i.message}`) ?? [];

describe("ComposeSchema: control characters", () => {
  it("the subject is one line (it becomes an e-mail subject): line breaks, tabs and controls are refused", () => {
    expect(errors({ ...valid, subject: "Hola\nBcc: x@y.cl" })).toEqual([`subject:${TEXT_NOT_ALLOWED}`]);
    expect(errors({ ...valid, subject: "Hola\r" + "mundo" })).toEqual([`subject:${TEXT_NOT_ALLOWED}`]);
    expect(errors({ ...valid, subject: "Ho\tla" })).toEqual([`subject:${TEXT_NOT_ALLOWED}`]);
    expect(errors({ ...valid, subject: "Ho\u0000la" })).toEqual([`subject:${TEXT_NOT_ALLOWED}`]);
  });

  it("the recipient is one line", () => {
    expect(errors({ ...valid, to: "beto@test.cl\u0000" })).toHaveLength(1);
  });

  it("the content is multi-line: line breaks and tabs kept, NUL and other controls refused", () => {
    expect(ComposeSchema.parse({ ...valid, content: "Primera línea\n\tsegunda\r\ntercera" }).content).toBe(
      "Primera línea\n\tsegunda\r\ntercera",
    );
    expect(errors({ ...valid, content: "a\u0000b" })).toEqual([`content:${TEXT_NOT_ALLOWED}`]);
    expect(errors({ ...valid, content: "a\u007fb" })).toEqual([`content:${TEXT_NOT_ALLOWED}`]);
  });
});
