import { randomUUID } from 'node:crypto';
import { onlineOrderBindings, type OnlineOrderBinding, type OnlineOrderInput } from '../../../shared/contract/online-orders';
import type { OnlineOrdersView } from '../../../shared/contract/online-order-state';
import type { PlainSettings, SettingsPatch } from '../../../shared/contract/settings';
import type { RunningService } from '../../service-host';
import type { Handlers } from './handlers';

type OnlineOrderMethod = 'onlineOrders' | 'saveOnlineOrder' | 'removeOnlineOrder' | 'testOnlineOrder';

export interface OnlineOrderDeps {
  running(): RunningService;
  /** Where the servers and their sealed passwords are kept (settings-store). */
  settings: {
    readonly settings: PlainSettings;
    onlineOrderPassword(id: string): string | undefined;
    update(patch: { settings: SettingsPatch; onlineOrderPasswords?: Record<string, string | null> }): unknown;
  };
  /** Restarts the service with the saved servers (its clients start again with them). */
  apply(): Promise<void>;
  /** `--cloudprnt`/`--sdp` fixed the servers for this run. */
  fixedBy: string | undefined;
}

/**
 * "Pedidos en línea": the saved servers with how each runs, added, changed and removed with their password (kept
 * encrypted by the settings store, never answered back), and "Probar": one poll now.
 */
export function createOnlineOrderHandlers(deps: OnlineOrderDeps): Pick<Handlers, OnlineOrderMethod> {
  const view = (): OnlineOrdersView => {
    const states = deps.running().onlineOrders.states();
    // With the command line's servers running, those are what the shop has: shown, not changeable here.
    const bindings: OnlineOrderBinding[] = deps.fixedBy !== undefined ? deps.running().onlineOrders.bindings() : deps.settings.settings.onlineOrders;
    return {
      rows: bindings.map((binding) => ({
        binding,
        passwordSet: deps.fixedBy !== undefined ? false : deps.settings.onlineOrderPassword(binding.id) !== undefined,
        state: states.find((state) => state.id === binding.id && state.protocol === binding.protocol) ?? null,
      })),
      fixedBy: deps.fixedBy ?? null,
    };
  };
  const changeable = (): OnlineOrderBinding[] => {
    if (deps.fixedBy !== undefined) {
      throw new Error(`Los servidores de pedidos están fijados por ${deps.fixedBy} al arrancar / The order servers are fixed by ${deps.fixedBy} on the command line`);
    }
    return deps.settings.settings.onlineOrders;
  };
  const keep = async (onlineOrders: OnlineOrderBinding[], passwords: Record<string, string | null>): Promise<OnlineOrdersView> => {
    // The whole list checked as the settings file is (at most 20 servers, each id once).
    deps.settings.update({ settings: { onlineOrders: onlineOrderBindings.parse(onlineOrders, 'onlineOrders') }, onlineOrderPasswords: passwords });
    await deps.apply();
    return view();
  };
  return {
    onlineOrders: async () => view(),
    saveOnlineOrder: async (input: OnlineOrderInput) => {
      const { password, id: given, ...fields } = input;
      const saved = changeable();
      if (given !== undefined && !saved.some((binding) => binding.id === given)) throw new Error(`No such online-order server: ${given}`);
      const id = given ?? `server-${randomUUID().slice(0, 8)}`;
      const binding: OnlineOrderBinding = { id, ...fields };
      const next = given === undefined ? [...saved, binding] : saved.map((each) => (each.id === id ? binding : each));
      return keep(next, password === undefined ? {} : { [id]: password === '' ? null : password });
    },
    removeOnlineOrder: async ({ id }) => keep(
      changeable().filter((binding) => binding.id !== id),
      { [id]: null },
    ),
    testOnlineOrder: async ({ id }) => (await deps.running().onlineOrders.test(id)) ?? null,
  };
}
