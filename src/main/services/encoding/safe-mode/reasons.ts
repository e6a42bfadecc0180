/**
 * Every reason safe mode gives, in one place so the README and the tests can quote them. Each completes the
 * sentence `safe mode refuses <NAME> at byte <offset> (<bytes>): …`.
 */

export const STORED = "it writes the printer's stored memory or settings";
export const POWER_OFF = 'it turns the printer off';
export const SELF_TEST = "it runs the printer's self-test";
export const CLEARS_BUFFERS = "it clears the printer's buffers, dropping what was sent before it";
export const ERROR_RECOVERY = "it is a real-time error recovery request, which restarts printing or clears the printer's buffers";
export const OTHER_DEVICE = 'it sends the bytes after it to another device instead of the printer';
export const ENABLES_POWER_OFF = 'it enables the real-time power-off command (DLE DC4 2)';
export const MACRO = 'it defines or runs a macro, which outlives the job and which safe mode cannot check';
export const DRAWER = 'it pulses the cash drawer';
export const UNKNOWN = 'it is not a command safe mode knows';

export const outOfRange = (parameter: string, value: number, allowed: string): string =>
  `parameter ${parameter} = ${value} is out of range (${allowed})`;

/** `needed` is the command's whole length when its parameters were all there to say it. */
export const cutShort = (left: number, needed?: number): string =>
  needed === undefined
    ? `it is cut short at the end of the data (only ${left} of its bytes are there)`
    : `it is cut short at the end of the data (it needs ${needed} bytes, only ${left} are there)`;

/** For a real-time command found inside another command's parameters or data. */
export const insideData = (reason: string, host: string, hostStart: number): string =>
  `${reason}, and the printer runs this real-time command even inside the data of ${host} at byte ${hostStart}`;
