// The API document as a client generator sees it (decision 012): Redocly's recommended ruleset
// finds no error in the OpenAPI document (a generator needs `servers` for a base URL); the fixed
// lists of the answers are enums and no field a client reads is untyped (`{}`, TypeScript's
// `unknown`); GET /api/mensajes says which shape each item has; every operation has a description
// and an example; and /api/docs is valid HTML (content models: no `ul` inside a `span`).
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { Ajv2020 } from "ajv/dist/2020.js";
import { HtmlValidate } from "html-validate";
import { matchRoutes } from "react-router";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes.ts";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "~/routes/api/openapi.server.ts";
import { apiReferenceHtml } from "~/routes/api/reference.server.tsx";
import { publicUrl } from "~/lib/env.server.ts";

type Schema = Record<string, unknown>;
type Operation = {
  description?: string;
  parameters?: Array<{ name: string; in: string; schema: Schema }>;
  responses: Record<string, { $ref?: string; content?: Record<string, { examples?: Record<string, unknown> }> }>;
};
type Doc = {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; responses?: Record<string, unknown> };
};
const doc = openApiDocument() as unknown as Doc;

/** app/routes.ts's routes with their whole paths. */
function flatRoutes(entries: RouteConfigEntry[], parent = ""): Array<{ path: string }> {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path: `/${path}` }, ...flatRoutes(entry.children ?? [], path)];
  });
}
const schemas = doc.components.schemas;

describe("the OpenAPI document under Redocly's recommended rules", () => {
  it("has no error (its warnings are printed)", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: "/openapi.json", config });
    const line = (p: (typeof problems)[number]) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ""})`;
    const warnings = problems.filter((p) => p.severity === "warn").map(line);
    if (warnings.length) console.info(`Redocly, ${warnings.length} avisos:\n${warnings.join("\n")}`);
    expect(problems.filter((p) => p.severity === "error").map(line)).toEqual([]);
  });

  it("leaves one path for every URL: where two paths can match the same URL, the parameter refuses the literal, as the server routes it", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: "/openapi.json", config });
    const pairs = problems
      .filter((p) => p.ruleId === "no-ambiguous-paths")
      .map((p) => [...p.message.matchAll(/`([^`]+)`/g)].map((m) => m[1]!) as [string, string]);
    // The rule reads the paths only, not their parameters' schemas: these are the pairs it finds.
    expect(pairs.length).toBe(11);
    const ajv = new Ajv2020({ strict: false });
    const api = flatRoutes(routes as RouteConfigEntry[]).filter((r) => r.path.startsWith("/api/"));
    const unresolved: string[] = [];
    for (const [a, b] of pairs) {
      const [sa, sb] = [a.split("/"), b.split("/")];
      // The URL both match: each segment literal where either path has one.
      const url = sa.map((seg, i) => (seg.startsWith("{") ? sb[i]! : seg)).join("/");
      // The documented parameters must refuse that URL for one of the two paths at least…
      const matches = [a, b].filter((path) =>
        path.split("/").every((seg, i) => {
          const name = /^\{(\w+)\}$/.exec(seg)?.[1];
          if (!name) return seg === url.split("/")[i];
          const param = Object.values(doc.paths[path]!)[0]!.parameters!.find((p) => p.name === name)!;
          return ajv.validate(param.schema, url.split("/")[i]);
        }),
      );
      // …and never for the path the server routes it to (React Router: literal segments first).
      const routed = matchRoutes(
        api.map((r) => ({ path: r.path, id: r.path })),
        url,
      )?.at(-1)?.route.id;
      const served = routed?.replace(/:(\w+)/g, "{$1}");
      // (None at all is fine: /api/cursos/publico/equipo is no call, the server answers 404.)
      if (matches.length > 1 || (matches.length === 1 && matches[0] !== served))
        unresolved.push(`${url}: ${matches.join(" y ")} → ${served}`);
    }
    expect(unresolved).toEqual([]);
  });

  it("gives generated clients the base URL from APP_URL (never a request's Host)", () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: publicUrl() })]);
    expect(publicUrl()).toBe(process.env.APP_URL!.replace(/\/$/, ""));
  });
});

/** The schema at a property path of a component, $refs followed. */
function at(schema: Schema, ...path: string[]): Schema {
  let node = schema;
  for (const key of path) {
    node = key === "[]" ? (node.items as Schema) : ((node.properties as Record<string, Schema>)[key] as Schema);
    expect(node, path.join(".")).toBeDefined();
    if (typeof node.$ref === "string") node = schemas[node.$ref.split("/").pop()!]!;
  }
  return node;
}

describe("a generated client types what it reads", () => {
  it("fixed lists are enums in answers too (dirigidoA, estado, rol)", () => {
    expect(at(schemas.CursoResumen!, "dirigidoA").enum).toEqual(["general", "docente", "estudiante", "comunidad"]);
    expect(at(schemas.CursoResumen!, "estado").enum).toEqual(["borrador", "en_revision", "publicado"]);
    expect(at(schemas.Curso!, "estado").enum).toEqual(["borrador", "en_revision", "publicado"]);
    expect(at(schemas.EstadoDelCurso!, "estado").enum).toEqual(["borrador", "en_revision", "publicado"]);
    const report = doc.paths["/api/admin/cursos/{cursoId}/reporte"]!.get!.responses["200"]!.content![
      "application/json"
    ] as {
      schema: Schema;
    };
    expect(at(report.schema, "curso", "estado").enum).toEqual(["borrador", "en_revision", "publicado"]);
    const rol = at(schemas.Usuario!, "rol");
    expect(rol.anyOf ?? [rol]).toContainEqual(expect.objectContaining({ enum: expect.arrayContaining(["admin"]) }));
  });

  it("no field of any schema, answer or body is untyped ({}): ApiModulo's titulo, nombre, descripcion and quiz items included", () => {
    const untyped: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (!node || typeof node !== "object") return;
      const s = node as Schema;
      const typed = ["type", "$ref", "anyOf", "oneOf", "allOf", "enum", "const", "not"].some((k) => k in s);
      if (!typed) untyped.push(where);
      for (const [name, child] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) {
        walk(child, `${where}.${name}`);
      }
      if (s.items) walk(s.items, `${where}[]`);
      for (const key of ["anyOf", "oneOf", "allOf"]) {
        ((s[key] ?? []) as unknown[]).forEach((child, i) => walk(child, `${where}.${key}[${i}]`));
      }
      // A loose object's other keys (`additionalProperties: {}`, the OpenAPI document's own) may be anything.
      const other = s.additionalProperties as Schema | undefined;
      if (other && typeof other === "object" && Object.keys(other).length) walk(other, `${where}{}`);
    };
    for (const [name, schema] of Object.entries(schemas)) walk(schema, name);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [status, answer] of Object.entries(op.responses)) {
          const json = answer.content?.["application/json"] as { schema?: unknown } | undefined;
          if (json?.schema) walk(json.schema, `${method} ${path} ${status}`);
        }
        // And what a client sends: JSON and multipart bodies.
        const body = (op as { requestBody?: { content: Record<string, { schema: unknown }> } }).requestBody;
        for (const [type, media] of Object.entries(body?.content ?? {}))
          walk(media.schema, `${method} ${path} ${type}`);
      }
    }
    expect(untyped).toEqual([]);
    expect(at(schemas.ApiModulo!, "titulo").type).toBe("string");
    expect(at(schemas.ApiModulo!, "descripcion").type).toBe("string");
  });

  it("GET /api/mensajes: each item says its folder (carpeta), a discriminator a generator narrows on", () => {
    const ok = doc.paths["/api/mensajes"]!.get!.responses["200"]!.content!["application/json"] as { schema: Schema };
    const items = ok.schema.items as Schema;
    expect(items.oneOf).toEqual([
      { $ref: "#/components/schemas/MensajeRecibido" },
      { $ref: "#/components/schemas/MensajeEnviado" },
    ]);
    expect(items.discriminator).toEqual({
      propertyName: "carpeta",
      mapping: {
        recibidos: "#/components/schemas/MensajeRecibido",
        enviados: "#/components/schemas/MensajeEnviado",
      },
    });
    expect(at(schemas.MensajeRecibido!, "carpeta")).toMatchObject({ type: "string", const: "recibidos" });
    expect(at(schemas.MensajeRecibido!, "leido").type).toBe("boolean");
    expect(at(schemas.MensajeEnviado!, "carpeta")).toMatchObject({ type: "string", const: "enviados" });
  });
});

describe("every operation is described, with examples, and the catch-all answers are documented", () => {
  it("each has a description and an example answer; each says 405 and what an unknown path answers", () => {
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!op.description?.trim()) missing.push(`${method} ${path}: descripción`);
        const examples = Object.values(op.responses).flatMap((r) =>
          Object.values(r.content ?? {}).flatMap((m) => Object.keys(m.examples ?? {})),
        );
        if (!examples.length) missing.push(`${method} ${path}: ejemplo`);
        if (op.responses["405"]?.$ref !== "#/components/responses/MetodoNoPermitido") {
          missing.push(`${method} ${path}: 405`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(Object.keys(doc.components.responses ?? {})).toEqual(
      expect.arrayContaining(["MetodoNoPermitido", "RutaNoEncontrada"]),
    );
  });
});

describe("/api/docs is valid HTML", () => {
  it("has no error under html-validate's standard rules (the content models: no ul inside a span)", async () => {
    const validator = new HtmlValidate({ extends: ["html-validate:standard"] });
    // The rule that catches `ul` in `span` is on: a page with that error does not pass.
    const bad = await validator.validateString(
      "<!DOCTYPE html><html lang=es><head><title>x</title></head>" +
        "<body><span><ul><li>x</li></ul></span></body></html>",
    );
    expect(bad.valid).toBe(false);
    const report = await validator.validateString(apiReferenceHtml());
    const errors = report.results.flatMap((r) =>
      r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.line}:${m.column})`),
    );
    expect(errors).toEqual([]);
  });
});
