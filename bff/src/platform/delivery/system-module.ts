import {
  parse,
  type Expression,
  type FunctionExpression,
  type Node,
  type ObjectExpression,
  type Program,
  type Property,
  type SpreadElement,
} from 'acorn';

/*
 * The deploy's look at an artefact's scripts, by parsing only: the server never runs code that
 * came in through a deploy (issue 24 #1: an entry run in a `node:vm` context reached the real
 * process through its host-realm `System.register`). Scripts are parsed by acorn as classic
 * scripts; an entry must be exactly the statement webpack's SystemJS output is:
 *
 *   System.register(["dep", …], function (exports, context) { …; return { setters: [ … ], execute: function () { … } }; });
 *
 * with string-literal dependencies, one setter per dependency and an `execute` function.
 */

const PARSE_OPTIONS = { ecmaVersion: 'latest', sourceType: 'script' } as const;

function parseScript(code: string): Program {
  return parse(code, PARSE_OPTIONS);
}

/** Why a script does not parse, or null when it does (it is not run). */
export function scriptSyntaxProblem(code: string, filename: string): string | null {
  try {
    parseScript(code);
    return null;
  } catch (error) {
    return `${filename}: 構文エラー: ${(error as Error).message}`;
  }
}

const isFunction = (node: Node | null | undefined) => node?.type === 'FunctionExpression' || node?.type === 'ArrowFunctionExpression';

function propertyNamed(object: ObjectExpression, name: string): Property | null {
  for (const property of object.properties as Array<Property | SpreadElement>) {
    if (property.type !== 'Property' || property.computed || property.kind !== 'init') continue;
    const key = property.key;
    if ((key.type === 'Identifier' && key.name === name) || (key.type === 'Literal' && key.value === name)) return property;
  }
  return null;
}

/** The object the declaration returns: `return {…}` or `return (a, b, {…})`, as its last statement. */
function declaredObject(declare: FunctionExpression): ObjectExpression | null {
  const last = declare.body.body.at(-1);
  let returned: Expression | null | undefined = last?.type === 'ReturnStatement' ? last.argument : null;
  while (returned?.type === 'SequenceExpression') returned = returned.expressions.at(-1);
  if (returned?.type === 'ParenthesizedExpression') returned = returned.expression;
  return returned?.type === 'ObjectExpression' ? returned : null;
}

/**
 * Whether an entry registers exactly one SystemJS module in webpack's form, and the modules it
 * imports on load, read from the parsed script. Nothing of the script is evaluated.
 */
export function checkSystemModule(code: string, filename: string): { problem: string } | { dependencies: string[] } {
  let program: Program;
  try {
    program = parseScript(code);
  } catch (error) {
    return { problem: `${filename} を読み込めません (構文エラー): ${(error as Error).message}` };
  }
  const refuse = (reason: string) => ({
    problem: `${filename} は SystemJS のモジュールを正しく登録しません: ${reason}。エントリは System.register(["依存モジュール", …], function (…) { … }) の1文だけにしてください (サーバーはエントリを実行せず、この形だけを確かめます)。`,
  });
  if (program.body.length !== 1) {
    return refuse(`最上位の文が ${program.body.length} 個あります`);
  }
  const statement = program.body[0]!;
  if (statement.type !== 'ExpressionStatement') return refuse('最上位の文が式ではありません');
  const call = statement.expression;
  if (
    call.type !== 'CallExpression' ||
    call.optional ||
    call.callee.type !== 'MemberExpression' ||
    call.callee.computed ||
    call.callee.optional ||
    call.callee.object.type !== 'Identifier' ||
    call.callee.object.name !== 'System' ||
    call.callee.property.type !== 'Identifier' ||
    call.callee.property.name !== 'register'
  ) {
    return refuse('System.register の呼び出しではありません');
  }
  const [list, declare, ...extra] = call.arguments;
  if (!list || list.type !== 'ArrayExpression' || !declare || extra.length > 0) {
    return refuse('引数は依存モジュールの配列と宣言の関数の2つです');
  }
  const dependencies: string[] = [];
  for (const element of list.elements) {
    if (element?.type !== 'Literal' || typeof element.value !== 'string') {
      return refuse('依存モジュールの名前が文字列リテラルではありません');
    }
    dependencies.push(element.value);
  }
  if (declare.type !== 'FunctionExpression' || declare.async || declare.generator) {
    return refuse('宣言が function 式ではありません');
  }
  const declared = declaredObject(declare);
  const execute = declared && propertyNamed(declared, 'execute');
  const setters = declared && propertyNamed(declared, 'setters');
  if (!declared || !execute || !isFunction(execute.value)) {
    return refuse('宣言の関数が execute 関数を持つオブジェクトを返しません');
  }
  const setterCount = setters ? (setters.value.type === 'ArrayExpression' ? setters.value.elements.length : -1) : 0;
  if (setterCount !== dependencies.length) {
    return refuse(`宣言の setters の数が依存モジュールの数 (${dependencies.length}) と合いません`);
  }
  return { dependencies };
}
