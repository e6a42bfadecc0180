import { ContractInputError } from '../../../shared/contract/checks';
import { CONTRACT, isMethodName } from '../../../shared/contract/methods';
import type { ApiResult } from '../../../shared/contract/result';
import type { Handlers } from './handlers';

/**
 * The one path every call takes after its transport checked who is calling: method lookup, input validation
 * against the contract, then the handler. Errors come back as the envelope, never as a thrown exception.
 */
export async function dispatch(handlers: Handlers, method: unknown, input: unknown): Promise<ApiResult<unknown>> {
  if (!isMethodName(method)) return { ok: false, error: { code: 'unknown-method', message: `Unknown method: ${String(method)}` } };
  let parsed: unknown;
  try {
    parsed = CONTRACT[method].input.parse(input, 'input');
  } catch (error) {
    const message = error instanceof ContractInputError ? error.message : 'input is not valid';
    return { ok: false, error: { code: 'invalid-input', message } };
  }
  try {
    const handler = handlers[method] as (value: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(parsed) };
  } catch (error) {
    return { ok: false, error: { code: 'failed', message: error instanceof Error ? error.message : String(error) } };
  }
}
