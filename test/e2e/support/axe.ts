import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';

/**
 * axe-core's serious and critical violations on the page as it is now: rule id, impact and up to five targets.
 *
 * Legacy mode runs axe in the page itself. The default mode also opens a blank page and injects axe a second
 * time to assemble the results across frames, which doubled each check's time; the product has no
 * cross-origin frames, the only case that needs it.
 */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}
