import { DOTS_PER_MM } from '../../../shared/document/job-limits';

/**
 * What one vendor-door request (ePOS-Print, WebPRNT) may cost before it becomes a print document. The doors build the
 * document on the thread that answers every till, page drawings included, so the work is counted as it is claimed,
 * before each loop runs, and a request past either bound is refused with its protocol's error, nothing printed:
 *
 * - paper: the least paper the request asks for (text lines, feeds, pictures, pages), against the most any job may
 *   feed (`--max-paper-m` allows up to 100 m; the encoder holds each job to the limit in force, usually 5 m). A request
 *   over it could never print, and counting its lines one by one would hold the thread for seconds;
 * - work: the drawing a request's pages and pictures take, in units of about a nanosecond of this thread's time on
 *   an idle core (the costs each operation claims were measured so). The most is a few tens of milliseconds, several
 *   full pages of pictures, rules and text: no page a POS draws comes near it, and no request stops the service.
 */
export class OverBudget extends Error {}

/** 100 m: the most `--max-paper-m` lets a job feed (serve-options), in dot rows. */
export const DOOR_MAX_PAPER_DOTS = 100 * 1000 * DOTS_PER_MM;
export const DOOR_MAX_WORK = 40_000_000;

export class DoorBudget {
  private paper = 0;
  private work = 0;

  constructor(
    private readonly maxPaper = DOOR_MAX_PAPER_DOTS,
    private readonly maxWork = DOOR_MAX_WORK,
  ) {}

  /** Dot rows of paper `what` needs at least; OverBudget when the request's paper passes the most a job may feed. */
  claimPaper(dots: number, what: string): void {
    this.paper += Math.max(0, dots);
    if (this.paper > this.maxPaper) throw new OverBudget(`${what} takes the request past ${this.maxPaper / DOTS_PER_MM / 1000} m of paper, more than any job may feed`);
  }

  /**
   * OverBudget at once when the line ends of `text` alone, `dotsPerLine` each, need more paper than the request has
   * left: a text of millions of lines is refused after counting as many as fit (a few ns each), before any is read.
   */
  checkLines(text: string, dotsPerLine: number, what: string): void {
    const fit = Math.floor((this.maxPaper - this.paper) / dotsPerLine);
    let count = 0;
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
      if (++count > fit) this.claimPaper(count * dotsPerLine, what);
    }
  }

  /** Work `what` takes, claimed before it is done; OverBudget when the request's drawing passes its bound. */
  claimWork(units: number, what: string): void {
    this.work += Math.max(0, units);
    if (this.work > this.maxWork) throw new OverBudget(`${what} takes the request past the drawing one request may ask for (fewer or smaller pages and pictures print)`);
  }
}
