// The contract as the browser gets it carries none of what only the OpenAPI document reads
// (issue 26, the /login budget): each call's `summary` and the second argument of `documented(…)`
// (contract/src/documented.ts) are English text for API clients, built into the document by the
// bff (bff/src/platform/ops/openapi.ts) and never read by a page. A webpack loader over the
// contract's TypeScript, before swc: it changes syntax trees, not text, so a string or comment
// that merely contains these words is left alone. The bff, jest and tsc read the sources as written.
const ts = require('typescript');

/**
 * `documented(schema, documentation)` → `schema`; `{ …, summary: '…', … }` of a call → without it;
 * the import of documented.ts → none.
 */
function stripDocumentation(source, fileName = 'contract.ts') {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  let changed = false;
  const transformer = (context) => {
    const visit = (node) => {
      // documented.ts is not in the browser's contract (contract.cjs): its import goes too.
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && /(^|\/)documented$/.test(node.moduleSpecifier.text)) {
        changed = true;
        return undefined;
      }
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'documented' &&
        node.arguments.length === 2
      ) {
        changed = true;
        return ts.visitNode(node.arguments[0], visit);
      }
      // A call's definition: the object literal given to defineCall.
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'defineCall' &&
        node.arguments.length === 1 &&
        ts.isObjectLiteralExpression(node.arguments[0])
      ) {
        const literal = node.arguments[0];
        const kept = literal.properties.filter(
          (property) => !(ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === 'summary'),
        );
        if (kept.length !== literal.properties.length) changed = true;
        const stripped = context.factory.updateObjectLiteralExpression(literal, kept);
        return context.factory.updateCallExpression(node, node.expression, node.typeArguments, [
          ts.visitEachChild(stripped, visit, context),
        ]);
      }
      return ts.visitEachChild(node, visit, context);
    };
    return (root) => ts.visitNode(root, visit);
  };
  const result = ts.transform(file, [transformer]);
  // What documented.ts exports is only ever used inside the documentation taken out above; a use
  // left elsewhere would be undefined in the browser, so the build stops instead.
  const left = changed ? firstIdentifier(result.transformed[0], DOCUMENTED_EXPORTS) : undefined;
  const output = changed ? ts.createPrinter().printFile(result.transformed[0]) : source;
  result.dispose();
  if (left) throw new Error(`${fileName}: ${left} is used outside documented(…): the browser's contract has no documented.ts`);
  return output;
}

/** The names contract/src/documented.ts exports. */
const DOCUMENTED_EXPORTS = new Set(['documented', 'requires', 'documentationOf', 'STATE_DEPENDENT', 'DATE_TIME_DOCUMENTATION']);

/** The first identifier in the tree that is one of `names`. */
function firstIdentifier(node, names) {
  if (ts.isIdentifier(node) && names.has(node.text)) return node.text;
  return ts.forEachChild(node, (child) => firstIdentifier(child, names));
}

module.exports = function stripDocumentationLoader(source) {
  return stripDocumentation(source, this.resourcePath);
};
module.exports.stripDocumentation = stripDocumentation;
