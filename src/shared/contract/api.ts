import type { AppEventListener } from './events';
import { METHOD_NAMES, type InputOf, type MethodName, type OutputOf } from './methods';
import { unwrap } from './result';

export type ArgsOf<M extends MethodName> = [InputOf<M>] extends [void] ? [] : undefined extends InputOf<M> ? [input?: InputOf<M>] : [input: InputOf<M>];

export type ApiMethods = { [M in MethodName]: (...args: ArgsOf<M>) => Promise<OutputOf<M>> };

/** What the window sees as `window.api` in Electron, and what the HTTP client gives it in a browser. */
export interface TicketeraApi extends ApiMethods {
  subscribe(listener: AppEventListener): () => void;
}

/** Sends one call and resolves with the raw `ApiResult` envelope. */
export type Invoker = (method: MethodName, input: unknown) => Promise<unknown>;

/** Builds the method half of the API from the contract's method list, so each transport lists nothing itself. */
export function methodsFrom(invoke: Invoker): ApiMethods {
  const entries = METHOD_NAMES.map((method) => [method, async (input?: unknown) => unwrap(await invoke(method, input))] as const);
  return Object.fromEntries(entries) as unknown as ApiMethods;
}
