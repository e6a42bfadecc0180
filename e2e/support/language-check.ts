import type { Page } from '@playwright/test';
import type { Language } from '../../src/shared/contract/settings';
import { LOCALES } from '../../src/renderer/src/i18n/locales';

const MIN_FRAGMENT = 5;

/**
 * The texts only the other language has, as the pieces between their `{{placeholders}}`: a piece that also occurs in
 * one of this language's texts (a brand, `ESC/POS`, `ws://`) says nothing about the language and is left out.
 */
export function foreignFragments(language: Language): string[] {
  const own = Object.values(LOCALES[language]);
  const fragments = new Set<string>();
  for (const [other, messages] of Object.entries(LOCALES)) {
    if (other === language) continue;
    for (const text of Object.values(messages)) {
      for (const piece of text.split(/\{\{[^}]*\}\}|<\/?\d+>|\n/)) {
        const fragment = piece.trim().replace(/^[\p{P}\s]+|[\p{P}\s]+$/gu, '');
        if (fragment.length < MIN_FRAGMENT || !/\p{L}/u.test(fragment)) continue;
        if (own.some((ownText) => ownText.includes(fragment))) continue;
        fragments.add(fragment);
      }
    }
  }
  return [...fragments];
}

/**
 * Every text of the other language the window shows now: the header, the page, open dialogs and toasts, and the
 * accessible names and hints a screen reader says. Data is not a text of the window: what the user typed (inputs,
 * the receipt's own words) and the service's technical detail are marked `data-service` and left out.
 */
export async function foreignTextsShown(page: Page, language: Language): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const data of copy.querySelectorAll('[data-service], input, textarea, script, style, [hidden]')) data.remove();
    const labels = [...copy.querySelectorAll('[aria-label], [title], [placeholder], [aria-description]')].flatMap((element) =>
      ['aria-label', 'title', 'placeholder', 'aria-description'].map((name) => element.getAttribute(name) ?? ''),
    );
    // innerText of a detached copy loses layout: textContent with block boundaries kept apart is enough for words.
    const text = [...copy.querySelectorAll('*')].map((element) => [...element.childNodes].filter((node) => node.nodeType === 3).map((node) => node.textContent ?? '').join(' '));
    return [...text, ...labels].join('\n');
  });
  return foreignFragments(language).filter((fragment) => new RegExp(`(^|[^\\p{L}])${escapeRegExp(fragment)}([^\\p{L}]|$)`, 'u').test(shown));
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
