// Draws the tray icons (ok / warning / error) and the app icon as PNGs under resources/. Run with
// `npx tsx scripts/make-icons.ts`; the PNGs are committed so builds need no drawing step.
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';

type Rgba = [number, number, number, number];

const STATUS_COLORS: Record<'ok' | 'warning' | 'error', Rgba> = {
  ok: [46, 157, 79, 255],
  warning: [224, 160, 0, 255],
  error: [211, 51, 51, 255],
};
const PAPER: Rgba = [255, 255, 255, 255];
const INK: Rgba = [29, 36, 48, 255];

function canvas(size: number): PNG {
  return new PNG({ width: size, height: size });
}

function paint(png: PNG, inside: (x: number, y: number) => boolean, color: Rgba): void {
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      if (!inside(x + 0.5, y + 0.5)) continue;
      png.data.set(color, (y * png.width + x) * 4);
    }
  }
}

/** A receipt with printed lines and a zig-zag tear, scaled to `size`. */
function drawReceipt(png: PNG, size: number): void {
  const s = size / 32;
  const left = 6 * s;
  const right = 22 * s;
  const tooth = 2 * s;
  paint(png, (x, y) => x >= left && x <= right && y >= 2 * s && y <= 26 * s - Math.abs(((x - left) % (2 * tooth)) - tooth), INK);
  paint(png, (x, y) => x >= left + s && x <= right - s && y >= 3 * s && y <= 25 * s - Math.abs(((x - left) % (2 * tooth)) - tooth), PAPER);
  for (const row of [6, 10, 14, 18]) {
    paint(png, (x, y) => x >= left + 3 * s && x <= right - (row === 18 ? 6 : 3) * s && y >= row * s && y <= (row + 1.5) * s, INK);
  }
}

function drawBadge(png: PNG, size: number, color: Rgba): void {
  const s = size / 32;
  const cx = 24 * s;
  const cy = 24 * s;
  paint(png, (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= (8 * s) ** 2, [255, 255, 255, 255]);
  paint(png, (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= (6.5 * s) ** 2, color);
}

function write(file: string, png: PNG): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, PNG.sync.write(png));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

const root = path.resolve(__dirname, '..', 'resources');
for (const [level, color] of Object.entries(STATUS_COLORS)) {
  const png = canvas(32);
  drawReceipt(png, 32);
  drawBadge(png, 32, color);
  write(path.join(root, 'tray', `${level}.png`), png);
}
const icon = canvas(256);
drawReceipt(icon, 256);
drawBadge(icon, 256, STATUS_COLORS.ok);
write(path.join(root, 'icon.png'), icon);
