import type { TicketeraApi } from '../../../shared/contract/api';
import { createHttpApi } from './http-api';

declare global {
  interface Window {
    /** Set by the Electron preload; absent when the window is opened in a browser. */
    api?: TicketeraApi;
  }
}

/** The one API object of the window: IPC inside Electron, HTTP in a browser. Nothing else knows which. */
export const api: TicketeraApi = window.api ?? createHttpApi();
