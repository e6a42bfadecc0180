/**
 * The models most shops have, offered first in every model list (Add printer, the Printers page, the designer) so the
 * owner finds theirs without reading forty names. Short on purpose, one line of why each:
 * - Epson TM-T20II/TM-T20III: Epson's entry receipt printer, the one most POS vendors in Spain and Latin America ship;
 * - Epson TM-T88V/TM-T88VI: the long-lived reference model, still on many counters and what POS software tests with;
 * - Star TSP100III/TSP100IV: Star's best seller (futurePRNT), common with web and tablet POS;
 * - Star TSP650II: Star's classic fast printer, in restaurants and bars;
 * - Generic POS-8360 (80 mm) and POS-5890 (58 mm): the unbranded ESC/POS printers sold everywhere under many names.
 * The generic ESC/POS profile is not here: each list already offers it as its empty first choice.
 */
export const COMMON_MODEL_IDS: readonly string[] = [
  'epson-tm-t20ii',
  'epson-tm-t20iii',
  'epson-tm-t88v',
  'epson-tm-t88vi',
  'star-tsp100iii',
  'star-tsp100iv',
  'star-tsp650ii',
  'pos-8360',
  'pos-5890',
];
