import { channelOf } from '../../../shared/contract/channels';
import { METHOD_NAMES } from '../../../shared/contract/methods';
import type { ApiResult } from '../../../shared/contract/result';
import { dispatch } from './dispatch';
import type { Handlers } from './handlers';

/** The part of an IPC invoke event the check needs (Electron's IpcMainInvokeEvent has it). */
export interface InvokeEventLike {
  senderFrame: { url: string; parent?: unknown } | null;
}

/** `ipcMain` as far as registration goes, so the table can be tested without Electron. */
export interface IpcRegistrar {
  handle(channel: string, listener: (event: InvokeEventLike, input: unknown) => Promise<ApiResult<unknown>>): void;
}

/**
 * THE wrapper every IPC handler goes through: sender frame check → contract validation → service call. Channels
 * come from the contract's method list, so a method cannot be exposed by the preload without being handled here.
 */
export function registerContractHandlers(ipc: IpcRegistrar, handlers: Handlers, isAllowedSender: (frameUrl: string | undefined) => boolean): string[] {
  const channels = METHOD_NAMES.map((method) => {
    const channel = channelOf(method);
    ipc.handle(channel, async (event, input) => {
      // Only the window's top frame: an iframe, even one showing an allowed URL, never speaks for the app.
      const frame = event.senderFrame;
      if (!frame || (frame.parent !== null && frame.parent !== undefined) || !isAllowedSender(frame.url)) {
        return { ok: false, error: { code: 'forbidden', message: 'IPC call from a frame that is not the app window' } };
      }
      return dispatch(handlers, method, input);
    });
    return channel;
  });
  return channels;
}
