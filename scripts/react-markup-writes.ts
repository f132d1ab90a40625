/**
 * Server builds only: React's node renderer (`react-dom/server.node`, decision 024's addendum "React's
 * node renderer") writes a page's markup as one string per flush instead of one encoding call per piece.
 * - `writeChunk` appends the strings React writes (tags, attribute names and values, text) to the
 *   markup pending since the last write, and encodes it once when bytes are written, at 16,384
 *   characters, or when the flush completes (`completeWriting`). React encoded every piece into its
 *   4 KB buffer with its own `encodeInto` call, a thousand or more a signed-in page.
 * - Its precomputed pieces (`stringToPrecomputedChunk`: `<!DOCTYPE html>`, `="`, `/>`…) stay strings,
 *   so they join the pending markup instead of breaking it in two.
 * - `byteLengthOfChunk`, which sizes what a segment wrote to decide when a Suspense boundary is sent
 *   on its own, answers a short ASCII string's length itself; others still go to `Buffer.byteLength`,
 *   a call React made for every string piece of every segment, and now would for the precomputed ones too.
 * The bytes of the page are the same (scripts/react-markup-writes.test.ts renders pages with both).
 * A build whose React no longer has the code these replace fails, so an upgrade cannot drop it unnoticed.
 */
import type { Plugin } from "vite";

/** React DOM's node server renderer, production build (the one `app/entry.server.tsx` imports in a build). */
export const NODE_SERVER_RENDERER = /\/react-dom\/cjs\/react-dom-server\.node\.production\.js$/;

/** The pieces of react-dom 19.3's node server renderer this replaces, each exactly once. */
const WRITE_CHUNK = "function writeChunk(destination, chunk) {\n";
const COMPLETE_WRITING = "function completeWriting(destination) {\n";
const PRECOMPUTED = "function stringToPrecomputedChunk(content) {\n  return textEncoder.encode(content);\n}";
const BYTE_LENGTH = 'return "string" === typeof chunk\n    ? Buffer.byteLength(chunk, "utf8")\n    : chunk.byteLength;';

/** Markup written since the last bytes went out, and how it goes out. */
const PENDING_MARKUP = `var pendingMarkup = "";
function writePendingMarkup(destination) {
  if (0 !== pendingMarkup.length) {
    var markup = pendingMarkup;
    pendingMarkup = "";
    writeEncodedChunk(destination, textEncoder.encode(markup));
  }
}
function writeChunk(destination, chunk) {
  if ("string" === typeof chunk) {
    pendingMarkup += chunk;
    16384 < pendingMarkup.length && writePendingMarkup(destination);
    return;
  }
  writePendingMarkup(destination);
  writeEncodedChunk(destination, chunk);
}
function writeEncodedChunk(destination, chunk) {
`;

/**
 * A string's UTF-8 length: a short one (most pieces: a tag, an attribute, a word) is its length when
 * every character is ASCII, found by a loop cheaper than a call; a long one or another goes to
 * `Buffer.byteLength` (native, fast on long strings).
 */
const ASCII_LENGTH = `if ("string" !== typeof chunk) return chunk.byteLength;
  if (48 < chunk.length) return Buffer.byteLength(chunk, "utf8");
  for (var i = 0; i < chunk.length; i++)
    if (127 < chunk.charCodeAt(i)) return Buffer.byteLength(chunk, "utf8");
  return chunk.length;`;

/** The module's code with the writes replaced, or null when one of the pieces is not there exactly once. */
export function withPendingMarkup(code: string): string | null {
  const pieces = [WRITE_CHUNK, COMPLETE_WRITING, PRECOMPUTED, BYTE_LENGTH];
  if (pieces.some((piece) => code.split(piece).length !== 2)) return null;
  return code
    .replace(WRITE_CHUNK, PENDING_MARKUP)
    .replace(COMPLETE_WRITING, `${COMPLETE_WRITING}  writePendingMarkup(destination);\n`)
    .replace(PRECOMPUTED, "function stringToPrecomputedChunk(content) {\n  return content;\n}")
    .replace(BYTE_LENGTH, ASCII_LENGTH);
}

export function reactMarkupWrites(): Plugin {
  let replaced = false;
  return {
    name: "stayhost:react-markup-writes",
    apply: "build",
    transform(code, id) {
      if (this.environment.config.consumer !== "server") return null;
      if (!NODE_SERVER_RENDERER.test(id.split("?")[0]!)) return null;
      const changed = withPendingMarkup(code);
      if (changed === null) this.error(`${id}: React's markup writes (writeChunk, completeWriting, stringToPrecomputedChunk, byteLengthOfChunk) were not found; React changed, see decision 024's addendum "Markup written once per flush"`);
      replaced = true;
      return { code: changed, map: null };
    },
    buildEnd(error) {
      if (error || this.environment.config.consumer !== "server") return;
      if (!replaced) this.error(`React's node server renderer was not in the server build; see decision 024's addendum "Markup written once per flush"`);
    },
  };
}
