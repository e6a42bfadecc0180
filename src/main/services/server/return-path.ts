/**
 * Where the sign-in page sends the browser once the token is right: back to the window's page the owner was on
 * (`/#/designer`), never anywhere else. Only the window's own address with a page in its hash is taken; anything
 * else (another site, `//evil`, `/\evil`, a scheme, an encoded trick) is dropped and the browser goes to `/`.
 */
const WINDOW_PAGE = /^\/(?:#\/[a-z][a-z0-9-]{0,39})?$/;

export function returnPathOf(value: string | null | undefined): string | undefined {
  return typeof value === 'string' && WINDOW_PAGE.test(value) ? value : undefined;
}
