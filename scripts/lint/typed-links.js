/**
 * Links and redirects name a page with React Router's typed `href()` (docs/decisions/021): a path
 * spelled as a string or built from a template literal compiles whatever the routes say. This rule
 * refuses a template literal, or a string that starts with "/", as `to`, `href` or `action` of an
 * element and as the first argument of `redirect`, `redirectDocument` and `redirectWithFlash`'s
 * target. A query goes on with `withQuery(href(…), {…})` (~/lib/pages).
 */
const ATTRIBUTES = new Set(["to", "href", "action", "clearHref", "homeHref", "uploadUrl"]);
const REDIRECTS = new Map([
  ["redirect", 0],
  ["redirectDocument", 0],
  ["replace", 0],
  ["redirectWithFlash", 1],
]);

function isBuiltPath(node) {
  if (!node) return false;
  if (node.type === "TemplateLiteral") return true;
  return node.type === "Literal" && typeof node.value === "string" && node.value.startsWith("/");
}

const typedLinks = {
  meta: {
    type: "problem",
    docs: { description: "Links and redirects use React Router's typed href()" },
    messages: { untyped: "Name the page with href(\"/route/:param\", params) from react-router (a query with withQuery from ~/lib/pages), not a string." },
  },
  create(context) {
    return {
      JSXAttribute(node) {
        if (node.name.type !== "JSXIdentifier" || !ATTRIBUTES.has(node.name.name)) return;
        const value = node.value?.type === "JSXExpressionContainer" ? node.value.expression : node.value;
        if (isBuiltPath(value)) context.report({ node, messageId: "untyped" });
      },
      CallExpression(node) {
        if (node.callee.type !== "Identifier" || !REDIRECTS.has(node.callee.name)) return;
        if (isBuiltPath(node.arguments[REDIRECTS.get(node.callee.name)])) context.report({ node, messageId: "untyped" });
      },
    };
  },
};

export default { meta: { name: "stayhost" }, rules: { "typed-links": typedLinks } };
