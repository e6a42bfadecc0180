/**
 * How much the saved ticket designs may hold (issue 20, item 8). A template is its document, its samples and its
 * language versions, as saved (compact JSON). A logo is 10–200 KB of base64 on an 80 mm receipt; 2 MiB leaves room for
 * a 1.4 MB picture or a few language versions of a receipt with a logo, and stays well under a job's own bounds
 * (5 MiB frames, 8 MiB of printer bytes), so whatever a template holds can still be printed.
 */
export const TEMPLATE_MAX_BYTES = 2 * 1024 * 1024;
/** A shop has a few dozen receipts at most (one per counter, event or language); the menus list them all. */
export const TEMPLATE_MAX_COUNT = 200;
/**
 * All templates together: the window lists every one with its document, so this bounds what one listing sends
 * (60 templates at the size limit fit).
 */
export const TEMPLATES_TOTAL_MAX_BYTES = 128 * 1024 * 1024;

/** Why a save was refused: its texts start with the code, so the window can say it in its own language. */
export type TemplateRefusal = 'template-too-large' | 'template-too-many' | 'template-space-full';
const REFUSALS: readonly TemplateRefusal[] = ['template-too-large', 'template-too-many', 'template-space-full'];

const mib = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

/** The service's words (also the technical detail under the window's own text). */
export const TEMPLATE_REFUSAL_TEXT = {
  tooLarge: (name: string, bytes: number): string =>
    `template-too-large: "${name}" would take ${mib(bytes)} (${bytes} bytes) with its pictures and language versions; a template may take at most ${mib(TEMPLATE_MAX_BYTES)}: use a smaller picture`,
  tooMany: (count: number): string => `template-too-many: there are already ${count} templates and at most ${TEMPLATE_MAX_COUNT} are kept: delete one first`,
  spaceFull: (bytes: number): string =>
    `template-space-full: the templates would take ${mib(bytes)} together and at most ${mib(TEMPLATES_TOTAL_MAX_BYTES)} are kept: delete some or use smaller pictures`,
} as const;

/** The refusal a failed call's message reports, if it is one. */
export function templateRefusalOf(message: string): TemplateRefusal | undefined {
  return REFUSALS.find((code) => message.startsWith(`${code}:`));
}
