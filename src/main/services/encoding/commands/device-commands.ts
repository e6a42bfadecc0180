import type { BeepData, CutData, DrawerData } from '../../../../shared/document/types';
import { JobError } from '../../../../shared/job-error';
import { LINE_DOTS } from '../job-budget';
import type { EncodeContext } from './encode-context';

/** Drawer pulse on/off times in 2 ms units (50 ms on, 500 ms off): what drawer solenoids expect. */
const PULSE_ON = 25;
const PULSE_OFF = 250;

/** Epson's ESC ( A fn 48 sound type: 49 is the first pattern that sounds (48 is "does not beep"). */
const EPSON_SOUND = 49;

/**
 * The buzzer command the profile's printer documents. ESC ( A is length-prefixed, so its parameters can never be
 * read as text. ESC B's are bare bytes: a printer that ignored the command would act on them, so they stay 1..8,
 * below TAB (9) and LF (10).
 */
export function encodeBeep(context: EncodeContext, data: BeepData = {}): void {
  const { profile } = context.writer;
  const times = data.times ?? 1;
  const duration = data.duration ?? 1;
  switch (profile.buzzer) {
    case 'epson':
      // t is the cycle (sound and pause, ×100 ms): twice the beep, so repeated beeps are heard apart.
      return context.writer.push([0x1b, 0x28, 0x41, 0x04, 0x00, 0x30, EPSON_SOUND, times, duration * 2]);
    case 'esc-b':
      return context.writer.push([0x1b, 0x42, Math.min(times, 8), Math.min(duration, 8)]);
    case 'star-external':
    case 'none':
      // star-external is only on Star profiles, which the Star encoder prints.
      throw new JobError('VALIDATION', `${context.path}: the ${profile.name} profile has no buzzer; remove the beep or pick the printer's model in profile.model`);
  }
}

export function encodeCut(context: EncodeContext, data: CutData = {}): void {
  const { writer } = context;
  // The model's own feed clears its cutter (Star: 3 lines); 4 for the generic printer and models the table leaves out.
  const feed = data.feed ?? writer.profile.cutterFeed ?? 4;
  context.budget.claimPaper(context.category, `${context.path}.data.feed`, feed * LINE_DOTS, `${feed} lines`);
  if (feed > 0) writer.push([0x1b, 0x64, feed]);
  writer.push(data.partial ? writer.dialect.partialCut : writer.dialect.fullCut);
  writer.printerReset();
}

/** ESC p m t1 t2. node-thermal-printer sends ESC p m alone, which swallows the next two bytes as pulse times. */
export function encodeDrawer(context: EncodeContext, data: DrawerData = {}): void {
  const { profile } = context.writer;
  if (!profile.drawer) throw new JobError('VALIDATION', `${context.path}: the ${profile.name} has no cash drawer connector`);
  context.writer.push([0x1b, 0x70, data.pin === 5 ? 1 : 0, PULSE_ON, PULSE_OFF]);
}
