import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Serious and critical accessibility problems axe finds on what the page shows now (optionally inside `within`). */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  // A toast or dialog still fading in has, for that moment, too little contrast: check the page once it is still
  // (spinners and other endless animations aside).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  // Fluent's focus management (Tabster) puts aria-hidden sentinels that pass focus on at once; axe cannot know that.
  let builder = new AxeBuilder({ page }).exclude('[data-tabster-dummy]');
  if (within) builder = builder.include(within);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}
