// /api/docs: the OpenAPI document as a page, rendered once per process, without any JavaScript
// (its CSP allows none); its own few rules stay out of the site's stylesheet.
import { Fragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import siteCss from "~/app.css?inline";
import { siteConfig } from "~/lib/site-config.server.ts";
import { openApiDocument } from "./openapi.server.ts";

type Schema = Record<string, unknown>;
type Param = { name: string; in: string; required: boolean; description?: string; schema: Schema };
type Media = Record<string, { schema: Schema; examples?: Record<string, { value: unknown }> }>;
type Answer = {
  $ref?: string;
  description: string;
  headers?: Record<string, { description: string }>;
  content?: Media;
};
type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Array<Record<string, string[]>>;
  parameters?: Param[];
  requestBody?: { content: Media };
  responses: Record<string, Answer>;
};
type Document = {
  info: { title: string; description: string };
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Answer> };
};

const PAGE_CSS = `
.doc-method{display:inline-block;min-width:4.5rem;border-radius:.375rem;padding:.125rem .5rem;
  font:600 .75rem/1.5 ui-monospace,monospace;text-align:center;color:#fff}
.doc-get{background:#1f7a63}.doc-post{background:#1d4ed8}
.doc-put{background:#a16207}.doc-patch{background:#7e22ce}.doc-delete{background:#b91c1c}
.doc-path{font-family:ui-monospace,monospace;overflow-wrap:anywhere}
.doc-fields{margin:.25rem 0 0;padding-left:1.1rem;list-style:disc}
.doc-fields .doc-fields{list-style:circle}
.doc-fields li{margin-top:.25rem}
.doc-op{scroll-margin-top:1rem}
code{font-family:ui-monospace,monospace;font-size:.875em;overflow-wrap:anywhere}
`;

const ACCESS: Record<string, string> = {
  public: "Pública: no requiere credenciales.",
  optional: "Token opcional: con token o sesión la respuesta depende de quién llama.",
  user: "Requiere token (Bearer) o la sesión del sitio.",
  token: "Requiere token (Bearer).",
};

function accessOf(op: Operation): string {
  const schemes = op.security.map((s) => Object.keys(s).join("+"));
  if (schemes.length === 0) return ACCESS.public!;
  if (schemes.includes("")) return ACCESS.optional!;
  if (!schemes.includes("sesion")) return ACCESS.token!;
  return ACCESS.user!;
}

/** `code` and **bold** of the document's descriptions. */
function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part, i) => {
    if (part.startsWith("`")) return <code key={i}>{part.slice(1, -1)}</code>;
    if (part.startsWith("**")) return <strong key={i}>{part.slice(2, -2)}</strong>;
    return part;
  });
}

const TYPE_NAMES: Record<string, string> = {
  string: "texto",
  integer: "entero",
  number: "número",
  boolean: "sí/no (boolean)",
  object: "objeto",
  array: "lista",
  null: "null",
};

function limits(s: Schema): string {
  const out: string[] = [];
  if (s.minLength === 1) out.push("no vacío");
  else if (typeof s.minLength === "number" && s.minLength > 1) out.push(`mín. ${s.minLength} caracteres`);
  if (typeof s.maxLength === "number") out.push(`máx. ${s.maxLength} caracteres`);
  if (typeof s.minimum === "number") out.push(`desde ${s.minimum}`);
  if (typeof s.maximum === "number") out.push(`hasta ${s.maximum}`);
  if (typeof s.maxItems === "number") out.push(`máx. ${s.maxItems} elementos`);
  return out.length ? ` (${out.join(", ")})` : "";
}

/** A schema in one line (its type), with its fields below when it has any. */
function SchemaView({ schema }: { schema: Schema }): ReactNode {
  if (typeof schema.$ref === "string") {
    const name = schema.$ref.split("/").pop()!;
    return <a href={`#esquema-${name}`}>{name}</a>;
  }
  const description = typeof schema.description === "string" ? <> — {inline(schema.description)}</> : null;
  const described = (shape: ReactNode) => (
    <>
      {shape}
      {description}
    </>
  );
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) {
    // No wrapping element: an alternative may be an object with its list of fields (a `ul`), which a
    // `span` may not hold.
    const discriminator = (schema.discriminator as { propertyName?: string } | undefined)?.propertyName;
    return (
      <>
        {(alternatives as Schema[]).map((o, i) => (
          <Fragment key={i}>
            {i > 0 ? " o " : ""}
            <SchemaView schema={o} />
          </Fragment>
        ))}
        {discriminator ? (
          <>
            {" "}
            (según <code>{discriminator}</code>)
          </>
        ) : null}
        {description}
      </>
    );
  }
  if (schema.const !== undefined) return described(<>siempre {JSON.stringify(schema.const)}</>);
  if (Array.isArray(schema.enum)) {
    return described(<>uno de {(schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(", ")}</>);
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : [];
  if (types.includes("array")) {
    return described(
      <>
        lista{limits(schema)} de: <SchemaView schema={(schema.items ?? {}) as Schema} />
      </>,
    );
  }
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const patterns = (schema.patternProperties ?? {}) as Record<string, Schema>;
  if (types.includes("object") || Object.keys(properties).length) {
    const required = new Set((schema.required ?? []) as string[]);
    return (
      <>
        objeto{description}
        <ul className="doc-fields">
          {Object.entries(properties).map(([name, field]) => (
            <li key={name}>
              <code>{name}</code>
              {required.has(name) ? "" : " (opcional)"}: <SchemaView schema={field} />
            </li>
          ))}
          {Object.entries(patterns).map(([pattern, field]) => (
            <li key={pattern}>
              campos <code>{pattern}</code> (opcionales): <SchemaView schema={field} />
            </li>
          ))}
        </ul>
      </>
    );
  }
  let type = types.map((t) => TYPE_NAMES[t] ?? t).join(" o ") || "cualquier valor";
  if (schema.format === "binary" || schema.contentMediaType === "application/pdf") type = "archivo";
  else if (typeof schema.format === "string") type += ` (${schema.format})`;
  return described(
    <>
      {type}
      {limits(schema)}
    </>,
  );
}

/** An answer's examples, as the JSON a client receives. */
function Examples({ media }: { media: Media[string] }) {
  const values = Object.values(media.examples ?? {}).map((e) => e.value);
  if (!values.length) return null;
  return (
    <div>
      {values.length > 1 ? "Ejemplos" : "Ejemplo"}:{" "}
      {values.map((value, i) => (
        <Fragment key={i}>
          {i > 0 ? "; " : ""}
          <code>{typeof value === "string" ? value : JSON.stringify(value)}</code>
        </Fragment>
      ))}
    </div>
  );
}

function OperationView({
  method,
  path,
  op,
  shared,
}: {
  method: string;
  path: string;
  op: Operation;
  shared: Record<string, Answer>;
}) {
  const params = op.parameters ?? [];
  return (
    <section id={op.operationId} className="doc-op card mt-4 p-4" aria-labelledby={`${op.operationId}-titulo`}>
      <h3 id={`${op.operationId}-titulo`} className="text-base font-semibold text-slate-900">
        <span className={`doc-method doc-${method}`}>{method.toUpperCase()}</span>{" "}
        <span className="doc-path">{path}</span>
      </h3>
      <p className="mt-2 font-medium">{op.summary}</p>
      {op.description ? <p className="mt-1 text-sm text-slate-700">{inline(op.description)}</p> : null}
      <p className="mt-2 text-sm text-slate-600">{accessOf(op)}</p>
      {params.length ? (
        <>
          <h4 className="mt-3 text-sm font-semibold">Parámetros</h4>
          <ul className="doc-fields text-sm">
            {params.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <code>{p.name}</code> ({p.in === "path" ? "en la ruta" : "en la consulta, opcional"}):{" "}
                <SchemaView schema={p.schema} />
                {p.description ? <> — {p.description}</> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {op.requestBody ? (
        <>
          <h4 className="mt-3 text-sm font-semibold">Cuerpo</h4>
          {Object.entries(op.requestBody.content).map(([type, media]) => (
            <div key={type} className="mt-1 text-sm">
              <code>{type}</code>: <SchemaView schema={media.schema} />
            </div>
          ))}
        </>
      ) : null}
      <h4 className="mt-3 text-sm font-semibold">Respuestas</h4>
      <ul className="doc-fields text-sm">
        {Object.entries(op.responses).map(([status, documented]) => {
          const answer = documented.$ref ? shared[documented.$ref.split("/").pop()!]! : documented;
          return (
            <li key={status}>
              <strong>{status}</strong> {answer.description}
              {Object.entries(answer.content ?? {}).map(([type, media]) => (
                <div key={type}>
                  <code>{type}</code>: <SchemaView schema={media.schema} />
                  <Examples media={media} />
                </div>
              ))}
              {Object.keys(answer.headers ?? {}).length ? (
                <div>
                  Encabezados:{" "}
                  {Object.entries(answer.headers!).map(([name, h], i) => (
                    <span key={name}>
                      {i > 0 ? "; " : ""}
                      <code>{name}</code> ({h.description})
                    </span>
                  ))}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Reference({ doc, brand }: { doc: Document; brand: string }) {
  const byTag = doc.tags.map((tag) => ({
    ...tag,
    operations: Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.tags.includes(tag.name))
        .map(([method, op]) => ({ method, path, op })),
    ),
  }));
  const intro = doc.info.description.split("\n").filter(Boolean);
  return (
    <>
      <header className="border-b border-slate-200 bg-brand-50">
        <div className="mx-auto max-w-3xl px-4 py-3">
          <a href="/" className="font-semibold text-brand-700 hover:underline">
            {brand}
          </a>
        </div>
      </header>
      <main id="contenido" className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold text-slate-900">{doc.info.title}</h1>
        <p className="mt-3">{inline(intro[0] ?? "")}</p>
        <ul className="doc-fields mt-2">
          {intro.slice(1).map((line, i) => (
            <li key={i}>{inline(line.replace(/^- /, ""))}</li>
          ))}
        </ul>
        <p className="mt-4">
          El mismo contenido, para herramientas: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).
        </p>
        <nav aria-label="Llamadas" className="mt-6">
          <h2 className="text-xl font-bold text-slate-900">Llamadas</h2>
          {byTag.map((tag) => (
            <div key={tag.name} className="mt-3">
              <a href={`#${tag.name}`} className="font-semibold text-brand-700 hover:underline">
                {tag.name}
              </a>
              <ul className="doc-fields text-sm">
                {tag.operations.map(({ method, path, op }) => (
                  <li key={op.operationId}>
                    <a href={`#${op.operationId}`} className="hover:underline">
                      <span className="doc-path">
                        {method.toUpperCase()} {path}
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        {byTag.map((tag) => (
          <section key={tag.name} id={tag.name} className="mt-8" aria-labelledby={`${tag.name}-titulo`}>
            <h2 id={`${tag.name}-titulo`} className="text-2xl font-bold text-slate-900">
              {tag.name}
            </h2>
            <p className="mt-1 text-slate-600">{tag.description}</p>
            {tag.operations.map(({ method, path, op }) => (
              <OperationView
                key={op.operationId}
                method={method}
                path={path}
                op={op}
                shared={doc.components.responses}
              />
            ))}
          </section>
        ))}
        <section id="esquemas" className="mt-8" aria-labelledby="esquemas-titulo">
          <h2 id="esquemas-titulo" className="text-2xl font-bold text-slate-900">
            Esquemas
          </h2>
          {Object.entries(doc.components.schemas).map(([name, schema]) => (
            <section key={name} id={`esquema-${name}`} className="doc-op card mt-4 p-4 text-sm">
              <h3 className="text-base font-semibold text-slate-900">{name}</h3>
              <div className="mt-1">
                <SchemaView schema={schema} />
              </div>
            </section>
          ))}
        </section>
      </main>
    </>
  );
}

let cached: string | undefined;

/** The whole page (the document does not change while the server runs). */
export function apiReferenceHtml(): string {
  cached ??=
    "<!DOCTYPE html>" +
    renderToStaticMarkup(
      <html lang="es-CL">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>{`Referencia de la API | ${siteConfig().brand}`}</title>
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          <style dangerouslySetInnerHTML={{ __html: siteCss + PAGE_CSS }} />
        </head>
        <body>
          <Reference doc={openApiDocument() as unknown as Document} brand={siteConfig().brand} />
        </body>
      </html>,
    );
  return cached;
}

/** No script may run on the page; its styles are inline. */
export const REFERENCE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; " +
  "frame-ancestors 'none'";
