// axe-core in the assembled console, and the ledger of what it found.
//
// Injection: the console's Content-Security-Policy (`script-src 'self'`, no 'unsafe-inline') refuses
// `page.addScriptTag({content})`: Chromium reports "Executing inline script violates ... script-src"
// and the script never runs. `page.evaluate(source)` goes through the DevTools protocol instead, which
// the page's CSP does not govern, and defines `window.axe` in the page's own world (where the DOM and
// its computed styles are). A full page load forgets it, so `runAxe` injects again whenever it is gone.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The rules we hold the console to: WCAG 2.0/2.1/2.2 A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

interface AxeNode {
  target: string[];
  html: string;
  summary: string;
}

export interface AxeViolation {
  rule: string;
  impact: Impact;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

declare global {
  interface Window {
    axe?: {
      run(context: unknown, options: unknown): Promise<{
        violations: Array<{
          id: string;
          impact: Impact | null;
          help: string;
          helpUrl: string;
          nodes: Array<{ target: unknown[]; html: string; failureSummary?: string }>;
        }>;
      }>;
    };
  }
}

export interface AxeScope {
  /** Only the elements this selector names (a dialog), instead of the whole document. */
  selector?: string;
  /** Only these rules, instead of every rule of AXE_TAGS. */
  rules?: string[];
}

/** Runs axe on the whole document (or the elements `selector` names) and answers its violations. */
export async function runAxe(page: Page, scope: AxeScope = {}): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, selector: only, rules }) => {
      const results = await window.axe!.run(only ? { include: [[only]] } : document, {
        runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations.map((v) => ({
        rule: v.id,
        impact: v.impact ?? 'minor',
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => ({
          target: n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))),
          html: n.html.slice(0, 240),
          summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
        })),
      }));
    },
    { tags: AXE_TAGS, selector: scope.selector, rules: scope.rules },
  );
}

export type Theme = 'light' | 'dark';

/** Where a scan ran: the role, the route of the description, the path opened, the theme, the dialog. */
export interface ScanPlace {
  role: string;
  route: string;
  path: string;
  theme: Theme;
  dialog?: string;
}

export interface Finding extends ScanPlace, AxeViolation {}

const BLOCKING: Impact[] = ['serious', 'critical'];

/** Everything axe found in a run: serious and critical fail it, minor and moderate are written down. */
export class AxeLedger {
  readonly findings: Finding[] = [];
  scans = 0;

  /** One ledger of several (passes that ran side by side, each with its own). */
  static merge(ledgers: AxeLedger[]): AxeLedger {
    const all = new AxeLedger();
    for (const l of ledgers) {
      all.findings.push(...l.findings);
      all.scans += l.scans;
    }
    return all;
  }

  record(place: ScanPlace, violations: AxeViolation[]): void {
    this.scans += 1;
    for (const v of violations) this.findings.push({ ...place, ...v });
  }

  blocking(): Finding[] {
    return this.findings.filter((f) => BLOCKING.includes(f.impact));
  }

  /** Rule -> impact, number of elements, and the screens it was seen on. */
  summary(findings = this.findings): Record<string, { impact: Impact; nodes: number; where: string[] }> {
    const out: Record<string, { impact: Impact; nodes: number; where: string[] }> = {};
    for (const f of findings) {
      const entry = (out[f.rule] ??= { impact: f.impact, nodes: 0, where: [] });
      entry.nodes += f.nodes.length;
      const where = `${f.role} ${f.route}${f.dialog ? ` [${f.dialog}]` : ''}`;
      if (!entry.where.includes(where)) entry.where.push(where);
    }
    return out;
  }

  /** A failure message a person can act on: rule, impact, route, theme, dialog and the elements. */
  report(findings = this.blocking()): string {
    return findings
      .map(
        (f) =>
          `${f.rule} (${f.impact}) on ${f.role} ${f.path}${f.path !== f.route ? ` (${f.route})` : ''}, ${f.theme} theme` +
          `${f.dialog ? `, dialog "${f.dialog}"` : ''}: ${f.help}\n` +
          f.nodes.map((n) => `    ${n.target.join(' ')}\n      ${n.summary}`).join('\n'),
      )
      .join('\n');
  }

  /** Writes every finding (and the minor/moderate ones apart) under .test-results/. */
  write(file: string): void {
    mkdirSync(dirname(file), { recursive: true });
    const minor = this.findings.filter((f) => !BLOCKING.includes(f.impact));
    writeFileSync(
      file,
      JSON.stringify({ scans: this.scans, summary: this.summary(), blocking: this.blocking(), minor }, null, 2),
    );
  }
}
