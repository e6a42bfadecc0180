/** A 1-bit picture of printed paper: one byte per dot (1 = black), rows of `width` dots. */
export interface Raster {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** Paper that grows downwards as the interpreter prints. */
export class Paper {
  private data: Uint8Array;
  private rows = 0;

  constructor(readonly width: number) {
    this.data = new Uint8Array(width * 1024);
  }

  get height(): number {
    return this.rows;
  }

  /** Makes rows up to `bottom` exist (white). */
  reach(bottom: number): void {
    if (bottom <= this.rows) return;
    const needed = bottom * this.width;
    if (needed > this.data.length) {
      const grown = new Uint8Array(Math.max(needed, this.data.length * 2));
      grown.set(this.data.subarray(0, this.rows * this.width));
      this.data = grown;
    }
    this.rows = bottom;
  }

  fill(x: number, y: number, width: number, height: number, value: 0 | 1): void {
    const left = Math.max(0, x);
    const right = Math.min(this.width, x + width);
    if (right <= left || height <= 0) return;
    this.reach(y + height);
    for (let row = y; row < y + height; row++) this.data.fill(value, row * this.width + left, row * this.width + right);
  }

  set(x: number, y: number, value: 0 | 1): void {
    if (x < 0 || x >= this.width || y < 0) return;
    this.reach(y + 1);
    this.data[y * this.width + x] = value;
  }

  /** Row `y` as a live view, for fast blits (the row must already exist). */
  row(y: number): Uint8Array {
    return this.data.subarray(y * this.width, (y + 1) * this.width);
  }

  toRaster(): Raster {
    return { width: this.width, height: this.rows, pixels: this.data.slice(0, this.rows * this.width) };
  }
}
