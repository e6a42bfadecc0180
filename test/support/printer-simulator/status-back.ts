import { asbBlock, asbGroups } from './status-bytes';
import { starAsbBlock } from './star-status-bytes';
import type { SimulatedState } from './types';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/**
 * Automatic Status Back. Epson: GS a enables it for a set of status groups, sends the status at once and then on each
 * change of an enabled group, to the connection that enabled it. Star on Ethernet: the block goes by itself to the
 * latest connection whenever it changes. A hung printer notes no change, so it reports what changed once it recovers.
 */
export class StatusBack<Session> {
  private mask = 0;
  private session: Session | null = null;
  private lastGroups: number[] = [0, 0, 0, 0];
  /** The last Star block sent by itself, so only a change sends another. */
  private lastStarBlock: string;

  constructor(
    private readonly language: 'escpos' | 'star',
    private readonly ethernet: boolean,
    private readonly send: (to: Session | null, bytes: Uint8Array) => void,
    state: SimulatedState,
  ) {
    this.lastStarBlock = hex(this.block(state));
  }

  /** The status block of the printer's language (Star's with the Length field over Ethernet). */
  block(state: SimulatedState): Uint8Array {
    return this.language === 'star' ? starAsbBlock(state, this.ethernet) : asbBlock(state);
  }

  /** GS a n executed: "the first status is transmitted when ASB is enabled" (Epson). */
  enable(mask: number, session: Session, state: SimulatedState): void {
    this.mask = mask;
    this.session = session;
    this.lastGroups = asbGroups(state);
    if (mask !== 0) this.send(session, asbBlock(state));
  }

  /** The status may have changed. */
  changed(state: SimulatedState, answering: boolean): void {
    if (!answering) return;
    if (this.language === 'star') {
      if (!this.ethernet) return;
      const block = this.block(state);
      if (hex(block) === this.lastStarBlock) return;
      this.lastStarBlock = hex(block);
      this.send(null, block);
      return;
    }
    if (this.mask === 0) return;
    const groups = asbGroups(state);
    const differs = groups.some((value, bit) => (this.mask & (1 << bit)) !== 0 && value !== this.lastGroups[bit]);
    this.lastGroups = groups;
    if (differs) this.send(this.session, asbBlock(state));
  }
}
