import { describe, expect, it } from 'vitest';
import { returnPathOf } from '../../src/main/services/server/return-path';
import { withServices } from '../support/service-harness';

const startService = withServices();

async function login(base: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('signing in brings the browser back to the window page it came from (issue 32)', () => {
  it('takes only a page of the window, never another site or path', () => {
    expect(returnPathOf('/#/designer')).toBe('/#/designer');
    expect(returnPathOf('/')).toBe('/');
    for (const hostile of ['//example.com', '///example.com', '/\\example.com', 'https://example.com/#/jobs', 'javascript:alert(1)', '/#/jobs@example.com', '/#//example.com', '/login', '/%2F%2Fexample.com', ' /#/jobs', '/#/jobs\n', '', null, undefined]) {
      expect(returnPathOf(hostile)).toBeUndefined();
    }
  });

  it('keeps the page in the sign-in form (wrong token included) and redirects there once the token is right', async () => {
    const service = await startService({ token: 'caja-2026' });
    const form = await (await fetch(`${service.httpUrl}/?next=${encodeURIComponent('/#/designer')}`)).text();
    expect(form).toContain('<input type="hidden" name="next" value="/#/designer">');
    const evil = await (await fetch(`${service.httpUrl}/?next=${encodeURIComponent('//example.com')}`)).text();
    expect(evil).not.toContain('name="next"');

    const wrong = await login(service.httpUrl, { token: 'caja-2025', next: '/#/designer' });
    expect(await wrong.text()).toContain('value="/#/designer"');
    const right = await login(service.httpUrl, { token: 'caja-2026', next: '/#/designer' });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/#/designer');
    const elsewhere = await login(service.httpUrl, { token: 'caja-2026', next: '//example.com/#/designer' });
    expect(elsewhere.headers.get('location')).toBe('/');
  });
});
