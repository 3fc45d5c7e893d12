import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA, as the quality budget asks: every success criterion up to level AA of 2.0, 2.1 and 2.2. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe finds no violation on the page as it is now: with every rule axe runs by default, or only the rules of
 * `tags` (e.g. WCAG_22_AA); within the elements `include` selects, when given. A failure names each rule broken,
 * its impact and help text, and the elements, under `label`.
 */
export async function expectNoAxeViolations(page: Page, { label, tags, include }: { label?: string; tags?: string[]; include?: string } = {}) {
  let axe = new AxeBuilder({ page });
  if (include) axe = axe.include(include);
  if (tags) axe = axe.withTags(tags);
  const { violations } = await axe.analyze();
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, label && `axe violations on ${label}`).toEqual([]);
}
