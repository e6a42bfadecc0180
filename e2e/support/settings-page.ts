import { expect, type Page } from '@playwright/test';
import { LOCALES } from '../../src/renderer/src/i18n/locales';

/** The header of Settings' "Avanzado" (network, queue, secure connection, remote printing, addresses), in either language. */
export const advancedHeader = (page: Page) =>
  page.getByRole('button', { name: new RegExp(`^(${Object.values(LOCALES).map((texts) => texts.settingsAdvanced).join('|')})$`) });

/** Opens "Avanzado" in Settings (closed at first): the technical fields are inside. */
export async function openAdvancedSettings(page: Page): Promise<void> {
  const header = advancedHeader(page);
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'true');
}
