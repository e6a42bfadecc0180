import { describe, expect, it } from 'vitest';
import { originOfTyped } from '../../src/shared/contract/origin-types';

describe('the site the owner types in "Allow another site"', () => {
  it('takes a bare name as https, the way a POS on the web is served', () => {
    expect(originOfTyped('tpv2.cafeole.es')).toBe('https://tpv2.cafeole.es');
    expect(originOfTyped('  Tpv2.CafeOle.es/ ')).toBe('https://tpv2.cafeole.es');
    expect(originOfTyped('tpv.cafeole.es:8443')).toBe('https://tpv.cafeole.es:8443');
  });

  it('keeps a scheme and port the owner wrote', () => {
    expect(originOfTyped('http://localhost:5173')).toBe('http://localhost:5173');
    expect(originOfTyped('https://tpv.mitienda.es/')).toBe('https://tpv.mitienda.es');
    expect(originOfTyped('HTTP://192.168.1.20:8080')).toBe('http://192.168.1.20:8080');
    expect(originOfTyped('https://tpv.mitienda.es:443')).toBe('https://tpv.mitienda.es');
    expect(originOfTyped('http://[::1]:5173')).toBe('http://[::1]:5173');
    expect(originOfTyped('caja-2')).toBe('https://caja-2');
  });

  it('refuses what is not one site, rather than guess another one', () => {
    for (const typed of ['', '   ', 'tpv cafeole.es', 'https//tpv.es', 'tpv.es/caja', 'https://tpv.es/caja', 'tpv.es?x=1', 'tpv.es#', 'ftp://tpv.es', 'user@tpv.es', 'https://', 'tpv.es:99999', 'file:///etc', 'tpv!.es', 'tpv%20cafeole.es', '-tpv.es']) {
      expect(originOfTyped(typed), typed).toBeUndefined();
    }
  });
});
