import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";

/**
 * The API reference as one server-rendered page: every operation of the OpenAPI document grouped
 * by tag, with its parameters, body and responses as nested field lists. No script, no CDN.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  description?: string;
  format?: string;
  additionalProperties?: Schema | boolean;
};
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema; description?: string };
type Operation = {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
};
export type OpenApiDocument = {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

function refName(ref: string) {
  return ref.slice(ref.lastIndexOf("/") + 1);
}

function typeOf(schema: Schema): string {
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeOf).join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
  if (type === "array" && schema.items) return `${typeOf(schema.items)}[]`;
  return schema.format ? `${type} (${schema.format})` : type;
}

/** The fields of an object schema (and of each variant of a union), nested. */
function fields(schema: Schema, depth = 0): Html | string {
  if (depth > 6) return "";
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.some((v) => v.properties || v.$ref)) {
    return html`<ol class="variants">${variants.map((v) => html`<li>one of: <code>${typeOf(v)}</code>${v.$ref ? "" : fields(v, depth + 1)}</li>`)}</ol>`;
  }
  const target = schema.type === "array" && schema.items && !schema.items.$ref ? schema.items : schema;
  if (!target.properties) return "";
  const required = new Set(target.required ?? []);
  return html`<ul class="fields">
    ${Object.entries(target.properties).map(
      ([name, property]) =>
        html`<li><code>${name}</code>${required.has(name) ? "" : html` <span class="optional">optional</span>`} <span class="type">${typeOf(property)}</span>${property.description ? html` — ${property.description}` : ""}${property.$ref ? "" : fields(property, depth + 1)}</li>`,
    )}
  </ul>`;
}

function body(content: Record<string, { schema?: Schema }> | undefined): Html | string {
  if (!content) return "";
  return html`${Object.entries(content).map(([type, { schema }]) => html`<p><code>${type}</code>${schema ? html` <span class="type">${typeOf(schema)}</span>` : ""}</p>${schema ? fields(schema) : ""}`)}`;
}

function operation(path: string, method: string, op: Operation): Html {
  const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, "-");
  return html`<section class="operation" id="${id}">
    <h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${path}</code></h3>
    ${op.summary ? html`<p>${op.summary}</p>` : ""}
    ${op.parameters?.length
      ? html`<h4>Parameters</h4><ul class="fields">${op.parameters.map(
          (p) => html`<li><code>${p.name}</code> <span class="type">in ${p.in}, ${p.schema ? typeOf(p.schema) : "string"}</span>${p.required ? "" : html` <span class="optional">optional</span>`}${p.description ? html` — ${p.description}` : ""}</li>`,
        )}</ul>`
      : ""}
    ${op.requestBody ? html`<h4>Body</h4>${body(op.requestBody.content)}` : ""}
    <h4>Responses</h4>
    <dl class="responses">${Object.entries(op.responses ?? {}).map(([status, r]) => html`<dt>${status}</dt><dd>${r.description ?? ""}${body(r.content)}</dd>`)}</dl>
  </section>`;
}

export function renderReference(document: OpenApiDocument): Html {
  const byTag = new Map<string, { path: string; method: string; op: Operation }[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), { path, method, op }]);
    }
  }
  const schemas = Object.entries(document.components?.schemas ?? {});
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${document.info.title} — reference</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1b1b1b; }
  code { font: 0.9em ui-monospace, monospace; background: #f3f3f3; padding: 0 0.2em; border-radius: 3px; }
  .operation { border-top: 1px solid #ddd; padding: 0.5rem 0; }
  .method { display: inline-block; min-width: 4.5em; font-weight: 700; }
  .get { color: #005a9c; } .post { color: #1a7f37; } .put, .patch { color: #8a5300; } .delete { color: #b3261e; }
  .type { color: #555; } .optional { font-size: 0.85em; color: #6b6b6b; font-style: italic; }
  .fields { margin: 0.2rem 0; } dt { font-weight: 700; } nav ul { columns: 2; }
</style>
</head>
<body>
<main>
<h1>${document.info.title} ${document.info.version}</h1>
${document.info.description ? html`<p>${document.info.description}</p>` : ""}
<p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<nav aria-label="Resources"><ul>${[...byTag.keys()].map((tag) => html`<li><a href="#${tag}">${tag}</a></li>`)}${schemas.length ? html`<li><a href="#schemas">Schemas</a></li>` : ""}</ul></nav>
${[...byTag.entries()].map(([tag, ops]) => html`<h2 id="${tag}">${tag}</h2>${ops.map((o) => operation(o.path, o.method, o.op))}`)}
${schemas.length
  ? html`<h2 id="schemas">Schemas</h2>${schemas.map(([name, schema]) => html`<section class="operation" id="schema-${name}"><h3><code>${name}</code> <span class="type">${typeOf({ ...schema, $ref: undefined })}</span></h3>${fields(schema)}</section>`)}`
  : ""}
</main>
</body>
</html>`;
}

