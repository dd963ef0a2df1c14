// fleet-api's sentences come from @fleet/contract's catalogue and travel with their code (issue 20,
// item 11): no module writes a message as a literal, and every answer with a catalogue message says
// its code (and params) for the console to translate.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { serverMessageCode } from '@fleet/contract';
import ts from 'typescript';
import { withMessageCode } from '../src/server/messages';
import { bearer, startTestApp, tokensByRole, type TestApp, SETUP_TIMEOUT } from './support/app';

const SRC = join(__dirname, '..', 'src');

/**
 * Where a human message is written: the refusal helpers' message (and the schema helpers taking one),
 * answers' `message`, schema texts, a `...message` parameter's default, sentence constants, and any
 * literal of three words or more that is one of the catalogue's sentences written again.
 */
const MESSAGE_ARGS: Record<string, number[]> = {
  badRequest: [0],
  notFound: [0],
  unauthorized: [0],
  forbidden: [0],
  tooManyRequests: [0],
  conflict: [0],
  ApiError: [1],
  uniqueMessage: [1],
  EmailField: [0, 1],
  NewPasswordField: [0],
  commaList: [1],
  oneRow: [3],
};

/** The messages a source writes as a literal (`file:line text`). */
export function literalMessages(source: string, file = 'source.ts'): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const isText = (n: ts.Node) => ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateExpression(n);
  const seen = new Set<ts.Node>();
  const record = (n: ts.Node): void => {
    if (ts.isParenthesizedExpression(n)) return record(n.expression);
    // `done ? 'Trial ended' : 'Trial extended'`, `given ?? 'Not found'`
    if (ts.isConditionalExpression(n)) return [n.whenTrue, n.whenFalse].forEach(record);
    if (ts.isBinaryExpression(n) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(n.operatorToken.kind)) return [n.left, n.right].forEach(record);
    if (isText(n) && !seen.has(n)) {
      seen.add(n);
      found.push(`${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1} ${n.getText(sf)}`);
    }
  };
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) || ts.isNewExpression(n)) {
      for (const at of MESSAGE_ARGS[n.expression.getText(sf)] ?? []) {
        const arg = n.arguments?.[at];
        if (arg) record(arg);
      }
    }
    if (ts.isParameter(n) && /message$/i.test(n.name.getText(sf)) && n.initializer) record(n.initializer);
    if (isText(n)) {
      // a catalogue sentence written again (placeholders filled with a sample)
      const sample = ts.isTemplateExpression(n) ? n.head.text + n.templateSpans.map((span, i) => `x${i}${span.literal.text}`).join('') : (n as ts.StringLiteral).text;
      if (sample.trim().split(/\s+/).length >= 3 && serverMessageCode(sample)) record(n);
    }
    if (ts.isPropertyAssignment(n) && /^(message|\w+Message)$/.test(n.name.getText(sf))) {
      record(n.initializer);
      if (ts.isObjectLiteralExpression(n.initializer)) for (const p of n.initializer.properties) if (ts.isPropertyAssignment(p)) record(p.initializer);
    }
    // a sentence kept in a constant ('Agency not found'), not SQL ('LEFT JOIN ...') nor a seed password
    if (ts.isVariableDeclaration(n) && /^[A-Z][A-Z0-9_]+$/.test(n.name.getText(sf)) && n.initializer && isText(n.initializer)) {
      const text = n.initializer.getText(sf);
      if (/^.[A-Z][\w-]* [A-Za-z]/.test(text) && !/^.(SELECT|LEFT|JOIN|CASE|COALESCE|WITH|INSERT|UPDATE|DELETE|FROM|WHERE)\b/.test(text)) record(n.initializer);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the sentences of fleet-api', () => {
  it('finds a message written as a literal (what the next test refuses)', () => {
    const source = [
      "const AGENCY_NOT_FOUND = 'Agency not found';",
      "const ABN_REQUIRED = 'ABN Number is required';",
      'const PROPERTY_SQL = `LEFT JOIN properties p ON p.id = d.property_id`;',
      "throw badRequest('Please select devices');",
      'throw new ApiError(409, `${n} heat pumps use this model: it cannot be deleted`);',
      "const schema = Type.String({ errorMessage: { default: 'Name is required' }, requiredMessage: say('fields.nameRequired') });",
      "return { status: true, message: 'Device updated successfully' };",
      "throw conflict(say('agencies.emailTaken'), 'email');",
      "return { status: true, message: done ? 'Trial ended' : say('trials.extended') };",
      "export function EmailField(invalidMessage = 'Invalid email address') {}",
      'const versionTaken = (version: string) => `Version ${version} already exists`;',
      "const sql = `SELECT 1 FROM devices WHERE id = ${id}`;",
    ].join('\n');
    expect(literalMessages(source).map((hit) => hit.replace(/^source\.ts:\d+ /, ''))).toEqual([
      "'Agency not found'",
      "'ABN Number is required'",
      "'Please select devices'",
      '`${n} heat pumps use this model: it cannot be deleted`',
      "'Name is required'",
      "'Device updated successfully'",
      "'Trial ended'",
      "'Invalid email address'",
      '`Version ${version} already exists`',
    ]);
  });

  it('takes every message from the catalogue (say(code)), none written in a module', () => {
    const literals = sources(SRC).flatMap((file) => literalMessages(readFileSync(file, 'utf8'), relative(SRC, file)));
    expect(literals).toEqual([]);
  });
});

describe('the code of an answer', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = (await tokensByRole(t.app)).Admin ?? '';
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await t.close();
  });
  const put = (payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/profile/update', headers: bearer(admin), payload });

  it('goes with a success message', async () => {
    const res = await put({ first_name: 'Alex', last_name: 'Morgan' });
    expect(res.json()).toEqual({ status: true, message: 'Profile updated successfully', code: 'profile.updated' });
  });

  it("goes with a module's refusal, and a templated one carries its params", async () => {
    const mismatch = await put({ first_name: 'A', last_name: 'B', password: 'Strong-pass-1', confirm_password: 'Strong-pass-2', current_password: 'x' });
    expect(mismatch.json()).toEqual({ status: false, message: 'Current password is incorrect', code: 'profile.currentPasswordWrong' });
    const extra = await put({ first_name: 'A', last_name: 'B', email: 'new@demo.test' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ status: false, message: 'email is not an accepted field', code: 'requests.fieldRefused', params: { field: 'email' } });
  });

  it('goes with the 404 of an unknown address', async () => {
    const res = await t.app.inject({ url: '/api/no-such-thing', headers: bearer(admin) });
    expect(res.json()).toEqual({ status: false, message: 'Not found', code: 'common.notFound' });
  });

  it("is absent when the message is not the catalogue's (ajv's own words stay English)", () => {
    expect(withMessageCode({ status: false, message: 'query.page must be >= 1' })).toEqual({ status: false, message: 'query.page must be >= 1' });
    expect(withMessageCode({ status: true, message: 'Devices', info: [] })).toEqual({ status: true, message: 'Devices', code: 'titles.devices', info: [] });
    expect(withMessageCode('Devices')).toBe('Devices');
  });
});
