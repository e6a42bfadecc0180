import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { methodsFrom, type TicketeraApi } from '../shared/contract/api';
import { EVENT_CHANNEL, channelOf } from '../shared/contract/channels';
import { isAppEvent, type AppEventListener } from '../shared/contract/events';

/**
 * The window's only door to the main process: the contract's methods (one invoke channel each, derived from the
 * method list) and a subscription to pushed events. `ipcRenderer` itself never reaches the page.
 */
const api: TicketeraApi = {
  ...methodsFrom((method, input) => ipcRenderer.invoke(channelOf(method), input)),
  subscribe(listener: AppEventListener) {
    const forward = (_event: IpcRendererEvent, payload: unknown): void => {
      if (isAppEvent(payload)) listener(payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward);
    };
  },
};

contextBridge.exposeInMainWorld('api', api);
