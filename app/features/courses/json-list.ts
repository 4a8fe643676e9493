import { z } from "zod";

const StringList = z.array(z.string());

/** herramientas / loAprenderan are JSON arrays of strings; anything else reads as []. */
export function readStringList(value: unknown): string[] {
  const parsed = StringList.safeParse(value);
  return parsed.success ? parsed.data : [];
}

/** Trimmed, non-empty, unique (docs/product.md#course-editor). */
export function cleanStringList(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.replace(/\s+/g, " ").trim();
    const key = value.toLocaleLowerCase("es");
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}
