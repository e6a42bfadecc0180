import type { BeepData, CutData, DrawerData } from '../../../../shared/document/types';
import { LINE_DOTS } from '../job-budget';
import type { EncodeContext } from './encode-context';

/** Drawer pulse on/off times in 2 ms units (50 ms on, 500 ms off): what drawer solenoids expect. */
const PULSE_ON = 25;
const PULSE_OFF = 250;

export function encodeBeep(context: EncodeContext, data: BeepData = {}): void {
  context.writer.push(context.writer.dialect.beep(data.times ?? 1, data.duration ?? 1));
}

export function encodeCut(context: EncodeContext, data: CutData = {}): void {
  const { writer } = context;
  const feed = data.feed ?? 4;
  context.budget.claimPaper(context.category, `${context.path}.data.feed`, feed * LINE_DOTS, `${feed} lines`);
  if (feed > 0) writer.push([0x1b, 0x64, feed]);
  writer.push(data.partial ? writer.dialect.partialCut : writer.dialect.fullCut);
  writer.printerReset();
}

/** ESC p m t1 t2. node-thermal-printer sends ESC p m alone, which swallows the next two bytes as pulse times. */
export function encodeDrawer(context: EncodeContext, data: DrawerData = {}): void {
  context.writer.push([0x1b, 0x70, data.pin === 5 ? 1 : 0, PULSE_ON, PULSE_OFF]);
}
