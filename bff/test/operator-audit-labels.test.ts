import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { operatorAuditActionOf, operatorAuditActions, operatorAuditTargetLabels } from '@sukoyaka/contract';

/*
 * Issue 27: the audit log in Japanese. Every action the bff records for an operator is written
 * through `auditOperator` (platform/operators.ts); its action argument is typed by the contract's
 * labels, and this test reads every call in bff/src as the compiler does and checks that each
 * action it can pass (a literal, or either branch of a condition) has a Japanese label and target.
 */

const SRC = path.resolve(__dirname, '..', 'src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The string literals an expression can evaluate to; null when it is something else (a variable). */
function literalsOf(node: ts.Expression): string[] | null {
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return literalsOf(node.expression);
  if (ts.isConditionalExpression(node)) {
    const [whenTrue, whenFalse] = [literalsOf(node.whenTrue), literalsOf(node.whenFalse)];
    return whenTrue && whenFalse ? [...whenTrue, ...whenFalse] : null;
  }
  return null;
}

/** Every `auditOperator(…)` call in bff/src: where it is and the actions its third argument names. */
function auditedActions(): Array<{ at: string; actions: string[] | null }> {
  const found: Array<{ at: string; actions: string[] | null }> = [];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('auditOperator(')) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'auditOperator') {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        const argument = node.arguments[2];
        found.push({ at: `${path.relative(SRC, file)}:${line}`, actions: argument ? literalsOf(argument) : null });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('the operators’ audit log in Japanese: every recorded action has a label', () => {
  const calls = auditedActions();

  it('finds the bff’s calls (the scan itself works)', () => {
    expect(calls.length).toBeGreaterThan(20);
    expect(calls.flatMap((call) => call.actions ?? [])).toEqual(
      expect.arrayContaining(['announcement_updated', 'roster_imported', 'member_looked_up']),
    );
  });

  it('each call names its action as a literal the contract labels (no computed names)', () => {
    const unlabelled = calls.flatMap((call) =>
      call.actions === null
        ? [`${call.at}: the action is not a literal`]
        : call.actions.filter((action) => !Object.hasOwn(operatorAuditActions, action)).map((action) => `${call.at}: ${action}`),
    );
    expect(unlabelled).toEqual([]);
  });

  it('each label is Japanese and each target has a Japanese label', () => {
    for (const [action, { label, target }] of Object.entries(operatorAuditActions)) {
      expect([action, /[\u3040-\u30ff\u4e00-\u9fff]/.test(label)]).toEqual([action, true]);
      expect([action, operatorAuditTargetLabels[target]]).toEqual([action, expect.stringMatching(/[\u3040-\u30ff\u4e00-\u9fff]/)]);
    }
  });

  it('reads a stored event back to its action', () => {
    expect(operatorAuditActionOf('operator_announcement_updated')).toBe('announcement_updated');
    expect(operatorAuditActionOf('operator_something_else')).toBeNull();
    expect(operatorAuditActionOf('operator_toString')).toBeNull();
  });
});
