import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page (all its default rules, or only the rules named); returns violations as short readable lines. */
export async function axeViolations(page: Page, onlyRules?: string[]): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async (rules) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, options?: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, rules ? { runOnly: { type: 'rule', values: rules } } : undefined);
    return result.violations;
  }, onlyRules);
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
