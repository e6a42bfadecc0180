import { build } from './star-web-print';

/** The café's logo picture: a 64×24 cup outline, the picture the fixture's <bitimage> carries. */
export const CUP = { width: 64, height: 24, black: (x: number, y: number): boolean => (y >= 2 && y <= 21 && (x === 8 || x === 44)) || y === 21 && x >= 8 && x <= 44 || (x >= 45 && x <= 52 && (y === 6 || y === 14)) || (x === 52 && y >= 6 && y <= 14) };

export const QR_DATA = 'https://cafe-luna.example/ticket/0042';

/** A café receipt the way a StarWebPrintBuilder POS writes it: picture, text, QR code, drawer kick and cut. */
export function cafeReceiptRequest(): string {
  return [
    build.initialization(),
    build.alignment('center'),
    build.bitimage(CUP.width, CUP.height, CUP.black),
    build.text({ emphasis: 'true', width: 2, height: 2 }, 'CAFE LUNA\n'),
    build.text({ emphasis: 'false', width: 1, height: 1 }, 'Calle Mayor 5\n'),
    build.alignment('left'),
    build.ruledline({ thickness: 'thin' }),
    build.text({}, 'Cafe con leche      2.40\n'),
    build.text({}, 'Croissant           1.80\n'),
    build.text({ emphasis: 'true' }, 'TOTAL'),
    build.text({ emphasis: 'false' }, '               4.20\n'),
    build.feed({ line: 1 }),
    build.alignment('center'),
    build.qrcode({ model: 'model2', level: 'level_m', cell: 6 }, QR_DATA),
    build.text({}, 'Gracias\n'),
    build.peripheral({ channel: 1, on: 200, off: 200 }),
    build.cutpaper({ feed: 'true', type: 'partial' }),
  ].join('');
}
