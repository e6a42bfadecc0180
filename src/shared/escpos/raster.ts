/** A 1-bit picture of printed paper: one byte per dot (1 = black), rows of `width` dots. */
export interface Raster {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/**
 * Paper that grows downwards as the interpreter prints, never past `maxRows`: ink below it is dropped, so no byte
 * stream can make the preview allocate more than `width × maxRows` bytes.
 */
export class Paper {
  private data: Uint8Array;
  private rows = 0;
  /** Where drawing below `maxRows` goes: written, never read. */
  private readonly offPaper: Uint8Array;

  constructor(
    readonly width: number,
    readonly maxRows: number = Number.POSITIVE_INFINITY,
  ) {
    this.data = new Uint8Array(width * Math.min(1024, maxRows));
    this.offPaper = new Uint8Array(width);
  }

  get height(): number {
    return this.rows;
  }

  /** Makes rows up to `bottom` exist (white), up to `maxRows`. */
  reach(bottom: number): void {
    const rows = Math.min(bottom, this.maxRows);
    if (rows <= this.rows) return;
    const needed = rows * this.width;
    if (needed > this.data.length) {
      const grown = new Uint8Array(Math.min(Math.max(needed, this.data.length * 2), this.width * this.maxRows));
      grown.set(this.data.subarray(0, this.rows * this.width));
      this.data = grown;
    }
    this.rows = rows;
  }

  fill(x: number, y: number, width: number, height: number, value: 0 | 1): void {
    const left = Math.max(0, x);
    const right = Math.min(this.width, x + width);
    const top = Math.max(0, y);
    const bottom = Math.min(this.maxRows, y + height);
    if (right <= left || bottom <= top) return;
    this.reach(bottom);
    for (let row = top; row < bottom; row++) this.data.fill(value, row * this.width + left, row * this.width + right);
  }

  set(x: number, y: number, value: 0 | 1): void {
    if (x < 0 || x >= this.width || y < 0 || y >= this.maxRows) return;
    this.reach(y + 1);
    this.data[y * this.width + x] = value;
  }

  /** Row `y` as a live view, for fast blits (call `reach` first); a row below `maxRows` is a scratch row. */
  row(y: number): Uint8Array {
    if (y < 0 || y >= this.rows) return this.offPaper;
    return this.data.subarray(y * this.width, (y + 1) * this.width);
  }

  toRaster(): Raster {
    return { width: this.width, height: this.rows, pixels: this.data.slice(0, this.rows * this.width) };
  }
}
