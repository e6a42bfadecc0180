import { tempDir } from '../support/service-harness';
import { spawnService, type ServiceProcess } from '../support/service-process';

/**
 * `serve` as a shop runs it for online orders: its own process (so kill -9 is real), one printer, and one
 * `--cloudprnt` or `--sdp` server bound to it. The same data folder across restarts: the journal is what keeps an
 * order printed once.
 */
export class OrdersService {
  private running: ServiceProcess | undefined;
  readonly dataDir = tempDir();

  constructor(private readonly args: string[]) {}

  static for(protocol: 'cloudprnt' | 'sdp', serverUrl: string, printerUri: string): OrdersService {
    return new OrdersService(['--printer', printerUri, '--rate-limit', '0', `--${protocol}`, `${serverUrl}=${printerUri}`]);
  }

  get process(): ServiceProcess {
    if (!this.running) throw new Error('the service is not running');
    return this.running;
  }

  async start(): Promise<ServiceProcess> {
    this.running = await spawnService(['--data-dir', this.dataDir, ...this.args], 30_000);
    return this.running;
  }

  async kill9(): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.child.kill('SIGKILL');
    await running.exited;
    this.running = undefined;
  }

  /** Ctrl+C, waiting for the service to stop by itself. */
  async stop(): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.child.kill('SIGINT');
    await running.exited;
    this.running = undefined;
  }
}

/** How many times `marker` is on the paper. */
export const copiesOf = (printedText: string, marker: string): number => printedText.split(marker).length - 1;
