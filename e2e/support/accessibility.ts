import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    /** How many animations started on the page since counting began (see `countAnimations`). */
    __animationsStarted?: number;
  }
}

/** A page still moving is measured again, at most this many times. */
const MEASURES = 3;

/**
 * Counts every animation that starts from now on: Fluent animates with the Web Animations API (`element.animate`),
 * plain CSS with animation and transition events.
 */
async function countAnimations(page: Page): Promise<number> {
  return page.evaluate(() => {
    if (window.__animationsStarted === undefined) {
      window.__animationsStarted = 0;
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (this: Element, ...args: Parameters<Element['animate']>) {
        window.__animationsStarted = (window.__animationsStarted ?? 0) + 1;
        return animate.apply(this, args);
      };
      for (const type of ['animationstart', 'transitionstart']) {
        document.addEventListener(type, () => (window.__animationsStarted = (window.__animationsStarted ?? 0) + 1), true);
      }
    }
    return window.__animationsStarted;
  });
}

/** Where, and for a contrast problem the colours axe measured (a toast caught fading shows a lighter colour). */
function describeNode(node: { target: unknown[]; any: { data?: unknown }[] }): string {
  const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  const colours = data?.fgColor ? ` ${data.fgColor} on ${data.bgColor ?? '?'} = ${data.contrastRatio ?? '?'}` : '';
  return `${node.target.join(' ')}${colours}`;
}

/** Serious and critical accessibility problems axe finds on what the page shows now (optionally inside `within`). */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  let found: string[] = [];
  await countAnimations(page);
  for (let measure = 0; measure < MEASURES; measure += 1) {
    // A toast or dialog fading in or out has, for that moment, too little contrast: measure the page once it is
    // still (spinners and other endless animations aside), and again when something started moving meanwhile or a
    // failing text sits in a see-through element (a toast's time ran out during the check). Text that stays
    // see-through fails every measure and is reported.
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    );
    // One held back (a busy machine can leave a toast's fade paused half way) is taken to where it ends, as a
    // person sees it a moment later.
    await page.evaluate(() => {
      for (const animation of document.getAnimations()) {
        if (animation.playState === 'paused' && animation.effect?.getTiming().iterations !== Infinity) animation.finish();
      }
    });
    const before = await countAnimations(page);
    // Fluent's focus management (Tabster) puts aria-hidden sentinels that pass focus on at once; axe cannot know that.
    let builder = new AxeBuilder({ page }).exclude('[data-tabster-dummy]');
    if (within) builder = builder.include(within);
    const results = await builder.analyze();
    const fading = await page.evaluate(
      (selectors) =>
        selectors.some((selector) => {
          const measured = document.querySelector(selector);
          // Gone by the end of the check: it was leaving (a toast whose time ran out) while it was measured.
          if (!measured) return true;
          for (let element: Element | null = measured; element; element = element.parentElement) {
            if (Number(getComputedStyle(element).opacity) < 1) return true;
          }
          return false;
        }),
      results.violations.filter((violation) => violation.id === 'color-contrast').flatMap((violation) => violation.nodes.map((node) => String(node.target[0]))),
    );
    found = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map(describeNode).join(', ')})`);
    // Still, opaque and still there: what axe measured is what a person sees.
    if (found.length === 0 || (!fading && (await countAnimations(page)) === before)) return found;
    await page.waitForTimeout(500);
  }
  return found;
}
