import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type * as ReactModule from "react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { withPendingMarkup } from "./react-markup-writes";

type RenderToReadableStream = (children: ReactNode, options?: { nonce?: string; bootstrapScriptContent?: string; progressiveChunkSize?: number }) => Promise<ReadableStream<Uint8Array>>;

const require = createRequire(import.meta.url);
const RENDERER = join(dirname(require.resolve("react-dom/package.json")), "cjs", "react-dom-server.node.production.js");
const installed = readFileSync(RENDERER, "utf8");
// React's production build, as the server build has it: the renderer's `require("react")` and
// `require("react-dom")` pick their production builds by NODE_ENV when first loaded (this file's own
// process, vitest's forks being isolated), and a production renderer cannot run a development React's hooks.
const testEnvironment = process.env.NODE_ENV;
process.env.NODE_ENV = "production";
const { createElement: h, Suspense, use } = createRequire(RENDERER)("react") as typeof ReactModule;

/** A CommonJS module of this source, loaded beside the installed renderer (its `require` is the renderer's). */
function load(code: string): RenderToReadableStream {
  const module = { exports: {} as { renderToReadableStream: RenderToReadableStream } };
  // oxlint-disable-next-line no-new-func -- the test runs the renderer's source as the build would
  new Function("exports", "require", "module", code)(module.exports, createRequire(RENDERER), module);
  return module.exports.renderToReadableStream;
}

const original = load(installed);
const rewritten = withPendingMarkup(installed);
const patched = load(rewritten ?? "");
process.env.NODE_ENV = testEnvironment;

/** A stream's text as it comes: what it gives until it has nothing more for `quietMs`, then the rest. */
function textReader(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const text = new TextDecoder();
  let next: Promise<ReadableStreamReadResult<Uint8Array>> | null = reader.read();
  /** The chunk's text; the read after it starts at once, so no chunk is read and dropped. */
  const take = (chunk: ReadableStreamReadResult<Uint8Array>) => {
    next = chunk.done ? null : reader.read();
    return chunk.done ? text.decode() : text.decode(chunk.value, { stream: true });
  };
  return {
    async untilQuiet(quietMs = 30): Promise<string> {
      let out = "";
      for (let pending = next; pending; pending = next) {
        const chunk = await Promise.race([pending, new Promise<"quiet">((resolve) => setTimeout(() => resolve("quiet"), quietMs))]);
        if (chunk === "quiet") break;
        out += take(chunk);
      }
      return out;
    },
    async rest(): Promise<string> {
      let out = "";
      for (let pending = next; pending; pending = next) out += take(await pending);
      return out;
    },
  };
}

/** The page as each renderer streams it: the part before `settle` runs, and the rest. */
async function both(page: () => ReactNode, options: Parameters<RenderToReadableStream>[1] = {}, settle = () => {}) {
  const parts = [];
  for (const render of [original, patched]) {
    const stream = textReader(await render(page(), options));
    const before = await stream.untilQuiet();
    settle();
    parts.push({ before, after: await stream.rest() });
  }
  return { original: parts[0]!, patched: parts[1]! };
}

const words = ["Ferienwohnung", "Übernachtung", "café", "Ελληνικά", "日本語", "🏖️", "a&b<c>\"d'"];

/** A document with what a page holds: attributes of every kind, a form, styles, long lists, raw HTML beyond 16,384 characters. */
function documentPage() {
  const rows = Array.from({ length: 1500 }, (_, i) => h("tr", { key: i, className: i % 2 ? "odd" : undefined, "data-day": `2026-12-${(i % 28) + 1}` }, h("td", null, words[i % words.length]), h("td", { style: { color: "red", paddingInlineStart: i } }, i * 100)));
  return h(
    "html",
    { lang: "de" },
    h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, "Kalender – Übersicht")),
    h(
      "body",
      null,
      h("form", { method: "post", action: "/calendar" }, h("label", { htmlFor: "price" }, "Preis €"), h("input", { id: "price", name: "price", defaultValue: "120", required: true, disabled: false }), h("button", { type: "submit" }, "Speichern")),
      h("table", null, h("tbody", null, rows)),
      h("div", { dangerouslySetInnerHTML: { __html: `<p>${"Grüße aus Berlin. ".repeat(1200)}</p>` } }),
      h("svg", { viewBox: "0 0 10 10", "aria-hidden": true }, h("path", { d: "M0 0L10 10" })),
    ),
  );
}

describe("React's markup written once per flush (server build)", () => {
  it("replaces the installed renderer's writes", () => {
    expect(rewritten).not.toBeNull();
    expect(rewritten).toContain("writePendingMarkup(destination);");
    expect(rewritten).not.toContain("return textEncoder.encode(content);");
  });

  it("leaves a module without them alone (the plugin then fails the build)", () => {
    expect(withPendingMarkup("export const nothing = 1;")).toBeNull();
  });

  it("streams the same bytes for a whole document", async () => {
    const { original: a, patched: b } = await both(documentPage, { nonce: "n0nce", bootstrapScriptContent: "window.ready = true" });
    expect(a.before.length).toBeGreaterThan(100_000);
    expect(b).toEqual(a);
  });

  it("sends the shell before a suspended part settles, and the part after, as React did", async () => {
    let resolve!: (text: string) => void;
    let pending!: Promise<string>;
    const Later = () => h("section", null, use(pending));
    const page = () => {
      pending = new Promise((r) => (resolve = r));
      return h("main", null, h("h1", null, "Buchungen"), h(Suspense, { fallback: h("p", null, "Lädt …") }, h(Later)));
    };
    const { original: a, patched: b } = await both(page, {}, () => resolve("Anfrage von Zoë ".repeat(50)));
    expect(a.before).toContain("Lädt …");
    expect(a.after).toContain("Anfrage von Zoë");
    expect(b).toEqual(a);
  });

  // A boundary is sent on its own once its bytes pass 500 and the flush's the chunk size: counting
  // characters would inline what React outlines. 300 "ä" are one string of 600 bytes; twelve words of
  // twenty are short pieces of 40 bytes each; 600 "a" are as many bytes as characters.
  it.each([
    ["a long non-ASCII string", () => "ä".repeat(300)],
    ["short non-ASCII pieces", () => Array.from({ length: 12 }, (_, i) => h("b", { key: i }, "äöüß".repeat(5)))],
    ["ASCII", () => "a".repeat(600)],
  ])("outlines a boundary by its bytes as React did (%s)", async (_, content) => {
    const page = () => h("main", null, h("p", null, "x".repeat(100)), h(Suspense, { fallback: h("p", null, "…") }, h("article", null, content())));
    const { original: a, patched: b } = await both(page, { progressiveChunkSize: 550 });
    expect(a.before).toContain("<template");
    expect(b).toEqual(a);
  });
});
