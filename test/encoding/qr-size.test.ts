import { create as createQr } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';

const LEVELS = ['L', 'M', 'Q', 'H'] as const;
const qrDocument = (data: string, level: (typeof LEVELS)[number], size: number) => ({
  version: '1.0',
  commands: [{ type: 'qr', data: { data, error_correction: level, size } }],
});

/** What the encoder says when a QR is too wide: `makes the QR N dots wide`. */
function claimedDots(data: string, level: (typeof LEVELS)[number], size: number): number | undefined {
  try {
    encodeDocument(qrDocument(data, level, size), { safeMode: true });
    return undefined;
  } catch (error) {
    const match = /makes the QR (\d+) dots wide/.exec((error as Error).message);
    return match ? Number(match[1]) : undefined;
  }
}

describe('QR size checks', () => {
  it('measures every symbol exactly as the real matrix (any content, every level)', () => {
    for (const level of LEVELS) {
      for (const length of [1, 7, 17, 32, 100, 271, 500, 1000]) {
        // Different content of the same length, accents included: byte mode sizes depend on the length only.
        for (const data of ['x'.repeat(length), 'é€'.repeat(length).slice(0, length)]) {
          const bytes = new TextEncoder().encode(data);
          let modules: number;
          try {
            modules = createQr([{ data: bytes, mode: 'byte' }], { errorCorrectionLevel: level }).modules.size;
          } catch {
            expect(() => encodeDocument(qrDocument(data, level, 1), { safeMode: true }), `${level} ${bytes.length} bytes`).toThrow(/too long for a QR code/);
            continue;
          }
          // The module size that just does not fit 576 dots is refused, saying the symbol's width; one less fits.
          const tooWide = Math.floor(576 / modules) + 1;
          if (tooWide <= 16) expect(claimedDots(data, level, tooWide), `${level} ${bytes.length} bytes`).toBe(modules * tooWide);
          expect(claimedDots(data, level, Math.min(16, tooWide - 1)), `${level} ${bytes.length} bytes`).toBeUndefined();
        }
      }
    }
  });

  it('refuses data no QR version holds, at any length beyond it', () => {
    for (const data of ['a'.repeat(2954), 'a'.repeat(7000)]) {
      expect(() => encodeDocument(qrDocument(data, 'L', 1), { safeMode: true })).toThrow(/too long for a QR code at level L/);
    }
    expect(() => encodeDocument(qrDocument('a'.repeat(2953), 'L', 1), { safeMode: true })).not.toThrow();
  });
});
