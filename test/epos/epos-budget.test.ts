import { describe, expect, it } from 'vitest';
import { envelope, parseAnswer } from '../support/epos-client';
import { withDoorServices } from '../support/door-services';
import { EPOS_HEADERS as HEADERS, EPOS_PATH as PATH, eposFeeds, eposLineEnds, eposPages, eposPrefixes, eposRectangles, eposRectangles8MiB, eposReferences } from '../support/hostile-door-bodies';
import { HELD_BOUND_MS, hostileBesideTill } from '../support/hostile-door-request';
import { printedPicture } from '../support/printed-picture';
import { tokenize } from '../../src/shared/escpos/parse-escpos';

/**
 * Issue 38 item 9: no ePOS-Print request freezes the service. Each body below held the thread that answers every till
 * for seconds (the 1,000 rectangles to 65535: 9–10 s; its 6,000 prefixes: 5 s; its 200,000 feeds: 2.9 s). Now
 * each is refused with Epson's error and a reason, or printed with its drawing cut to the page, while a till's `/ws`
 * ticket sent at the same moment prints and `/health` answers; the loop is never held for long.
 */
const { withPrinter } = withDoorServices();

const HOSTILE: Array<[string, string, 'SchemaError' | 'ParameterError']> = [
  ["the issue's 1,000 rectangles to 65535 in a page (69 KB)", eposRectangles(), 'ParameterError'],
  // 135,000 elements: past the most a request may hold, refused while it is read.
  ['8 MiB of rectangles to 65535 in a page', eposRectangles8MiB(), 'SchemaError'],
  ["the issue's 6,000 namespace prefixes over 6,000 elements", eposPrefixes(), 'SchemaError'],
  ["the issue's 200,000 feeds", eposFeeds(), 'SchemaError'],
  ['9,000 feeds of 255 dots (far past the paper any job may feed)', envelope('<feed unit="255"/>'.repeat(9_000)), 'ParameterError'],
  ['a text of 8 million line ends', eposLineEnds(), 'ParameterError'],
  ['500 full pages, each with a rule', eposPages(), 'ParameterError'],
  ['8 MiB of character references in a text', eposReferences(), 'SchemaError'],
];

describe('ePOS-Print requests that used to freeze the service (issue 38 item 9)', () => {
  it.each(HOSTILE)('%s: refused with its reason, the loop never held long, and a till prints meanwhile', { timeout: 120_000 }, async (name, body, code) => {
    const { printer, running } = await withPrinter();
    const seen = await hostileBesideTill(running, PATH, Buffer.from(body), HEADERS, `Caja ${code}`);
    const answer = parseAnswer(seen.answer.text);
    console.log(`${name}: ${answer.code}, held ${Math.round(seen.stall.heldMs)} ms (wall clock ${Math.round(seen.stall.wallMs)} ms)`);
    expect(answer, name).toMatchObject({ success: false, code });
    expect(seen.stall.heldMs, `${name}: held ${Math.round(seen.stall.heldMs)} ms (wall clock ${Math.round(seen.stall.wallMs)} ms)`).toBeLessThan(HELD_BOUND_MS);
    expect(seen.health).toBe(200);
    expect(seen.ticket.status).toBe('success');
    await expect.poll(() => printer.printedText()).toContain(`Caja ${code}`);
    // Nothing of the refused request was queued: the till's ticket is the only job.
    expect(running.service.recentJobs()).toHaveLength(1);
  });

  it('300 rectangles running to 65535 print cut to the page, where the POS put them, without holding the loop', { timeout: 60_000 }, async () => {
    const { printer, running } = await withPrinter();
    const corners = Array.from({ length: 300 }, (_, index) => ({ left: 20 + (index % 98) * 5, top: 30 + index }));
    const rectangles = corners.map(({ left, top }) => `<rectangle x1="${left}" y1="${top}" x2="65535" y2="65535" style="thin"/>`).join('');
    // The TM-T88VI prints 512 dots across: the page is as wide.
    const body = envelope(`<page><area x="0" y="0" width="512" height="400"/>${rectangles}</page><cut/>`);
    const seen = await hostileBesideTill(running, PATH, Buffer.from(body), HEADERS, 'Caja rectangulos');
    expect(parseAnswer(seen.answer.text)).toMatchObject({ success: true, code: '' });
    console.log(`300 clipped rectangles: held ${Math.round(seen.stall.heldMs)} ms (wall clock ${Math.round(seen.stall.wallMs)} ms)`);
    expect(seen.stall.heldMs, `held ${Math.round(seen.stall.heldMs)} ms`).toBeLessThan(HELD_BOUND_MS);
    const picture = printedPicture(printer.printed());
    expect(picture).toBeDefined();
    if (!picture) return;
    expect({ width: picture.width, height: picture.height }).toEqual({ width: 512, height: 400 });
    // Each rectangle shows its top edge (2 dots) from its left to the page's right edge and its left edge (2 dots)
    // from its top to the page's bottom; its other two edges lie past the page and do not print.
    const onEdge = (x: number, y: number): boolean =>
      corners.some(({ left, top }) => (y >= top && y < top + 2 && x >= left) || (x >= left && x < left + 2 && y >= top));
    for (let x = 20; x < 512; x += 9) expect(picture.dark(x, 30), `top edge at x ${x}`).toBe(true);
    for (let y = 30; y < 400; y += 9) expect(picture.dark(20, y), `left edge at y ${y}`).toBe(true);
    expect(picture.dark(511, 329), "the last rectangle's top edge at the page's right edge").toBe(true);
    expect(picture.strayDots(onEdge)).toBe(0);
  });

  const TALL = 1900;
  it('four full pages, one in each direction, each print their mark where the POS put it, without holding the loop', { timeout: 60_000 }, async () => {
    const { printer, running } = await withPrinter();
    // Each page is a whole TM-T88VI head (512 dots) by 1900 (just under a megapixel, so the pictures are encoded on
    // the warm encoder thread, not in a process started for them), with one thick rule (6 dots) from the page's own
    // origin: 46 × 6 dots of ink, turned onto the paper by the page's direction. The old door spent ~20 ns a dot
    // turning a page into its picture and held a request to two such pages; four print now.
    const pages = ['left_to_right', 'bottom_to_top', 'right_to_left', 'top_to_bottom']
      .map((direction) => `<page><area x="0" y="0" width="512" height="${TALL}"/><direction dir="${direction}"/><line x1="0" y1="10" x2="40" y2="10" style="thick"/></page>`)
      .join('');
    const seen = await hostileBesideTill(running, PATH, Buffer.from(envelope(`${pages}<cut/>`)), HEADERS, 'Caja paginas');
    console.log(`four full pages: held ${Math.round(seen.stall.heldMs)} ms (wall clock ${Math.round(seen.stall.wallMs)} ms)`);
    expect(parseAnswer(seen.answer.text)).toMatchObject({ success: true, code: '' });
    expect(seen.stall.heldMs, `held ${Math.round(seen.stall.heldMs)} ms`).toBeLessThan(HELD_BOUND_MS);
    await expect.poll(() => rasterBands(printer.printed()).reduce((rows, band) => rows + band.height, 0), { timeout: 30_000 }).toBe(4 * TALL);
    const rows = printedRows(printer.printed());
    expect(new Set(rows.map((row) => row.length))).toEqual(new Set([512]));
    // Across and down the paper, each page's mark: the rule's length along the page's x, its pen along its y.
    const marks = [
      { x0: 0, y0: 10, x1: 46, y1: 16 },
      { x0: 10, y0: TALL - 46, x1: 16, y1: TALL },
      { x0: 512 - 46, y0: TALL - 16, x1: 512, y1: TALL - 10 },
      { x0: 512 - 16, y0: 0, x1: 512 - 10, y1: 46 },
    ];
    marks.forEach((mark, page) => {
      const at = (x: number, y: number): number => rows[page * TALL + y]?.[x] ?? 0;
      let inside = 0;
      let stray = 0;
      for (let y = 0; y < TALL; y++) {
        for (let x = 0; x < 512; x++) {
          const inMark = x >= mark.x0 && x < mark.x1 && y >= mark.y0 && y < mark.y1;
          if (inMark) inside += at(x, y);
          else stray += at(x, y);
        }
      }
      expect({ page, inside, stray }).toEqual({ page, inside: 46 * 6, stray: 0 });
    });
  });
});

/** The printer's raster bands (GS v 0) in order: where each starts, its bytes a row and its rows. */
function rasterBands(bytes: Uint8Array): Array<{ start: number; rowBytes: number; height: number }> {
  const bands: Array<{ start: number; rowBytes: number; height: number }> = [];
  for (const token of tokenize(bytes)) {
    if (token.kind !== 'command' || token.name !== 'GS v 0') continue;
    const { start } = token;
    bands.push({ start, rowBytes: (bytes[start + 4] ?? 0) + (bytes[start + 5] ?? 0) * 256, height: (bytes[start + 6] ?? 0) + (bytes[start + 7] ?? 0) * 256 });
  }
  return bands;
}

/** Every raster row the printer got (all bands of all pictures in order), a dot a byte. */
function printedRows(bytes: Uint8Array): Uint8Array[] {
  const rows: Uint8Array[] = [];
  for (const { start, rowBytes, height } of rasterBands(bytes)) {
    for (let y = 0; y < height; y++) {
      const row = new Uint8Array(rowBytes * 8);
      for (let x = 0; x < row.length; x++) row[x] = ((bytes[start + 8 + y * rowBytes + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
      rows.push(row);
    }
  }
  return rows;
}
