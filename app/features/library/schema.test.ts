import { describe, expect, it } from "vitest";
import { TEXT_NOT_ALLOWED } from "~/lib/text.ts";
import { BookFormSchema } from "./schema.ts";

const valid = { title: "Desolación", author: "Gabriela Mistral", description: "Poemas", pages: "" };
const errors = (input: Record<string, unknown>) =>
  BookFormSchema.safeParse(input).error?.issues.map((i) => `${i.path.join(".")}:${i.message}`) ?? [];

describe("BookFormSchema: control characters", () => {
  it("title and author are one line: control characters and line breaks are refused", () => {
    expect(errors({ ...valid, title: "Deso\u0000lación" })).toEqual([`title:${TEXT_NOT_ALLOWED}`]);
    expect(errors({ ...valid, title: "Deso\nlación" })).toEqual([`title:${TEXT_NOT_ALLOWED}`]);
    expect(errors({ ...valid, author: "Gabriela\tMistral" })).toEqual([`author:${TEXT_NOT_ALLOWED}`]);
  });

  it("the description is multi-line: line breaks and tabs kept, other controls refused", () => {
    expect(BookFormSchema.parse({ ...valid, description: "Primera parte\n\tSegunda parte" }).description).toBe(
      "Primera parte\n\tSegunda parte",
    );
    expect(errors({ ...valid, description: "Poemas\u0007" })).toEqual([`description:${TEXT_NOT_ALLOWED}`]);
  });
});
