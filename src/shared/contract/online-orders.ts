import { arrayOf, ContractInputError, int, object, oneOf, optional, str, type Check, type Infer } from './checks';

/**
 * Online orders (issue 34): Ticketera polls an ordering platform's server on behalf of one of its printers, speaking
 * Star's CloudPRNT or Epson's Server Direct Print. One binding per server URL and printer; both clients read this.
 */
export const ONLINE_ORDER_PROTOCOLS = ['cloudprnt', 'sdp'] as const;
export type OnlineOrderProtocol = (typeof ONLINE_ORDER_PROTOCOLS)[number];

/** The printer word for "whatever the default printer is" (as `--printer` and the settings' default). */
export const DEFAULT_PRINTER_WORD = 'default';
export const MAX_ONLINE_ORDER_BINDINGS = 20;
export const MAX_URL_CHARS = 2_000;
/** Seconds between polls: CloudPRNT's guide suggests 5, a TM-i's SDP settings start at 5 too. */
export const DEFAULT_POLL_SECONDS = 5;

export type OnlineOrderUrlProblem = 'not-a-url' | 'not-http' | 'credentials';

/**
 * Why a server address cannot be used, or undefined: http(s) only, and never `user:password@` — the password would
 * be kept in plain text with the address and shown wherever the address is; it goes in the binding's credentials.
 */
export function onlineOrderUrlProblem(url: string): OnlineOrderUrlProblem | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not-a-url';
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '') return 'not-http';
  if (parsed.username !== '' || parsed.password !== '') return 'credentials';
  return undefined;
}

const URL_PROBLEM_TEXT: Record<OnlineOrderUrlProblem, string> = {
  'not-a-url': 'must be an address like https://orders.example.com/poll',
  'not-http': 'must be an http:// or https:// address',
  credentials: 'must not hold a user name or password (user:password@): give them as the binding\'s credentials',
};

export const onlineOrderUrlProblemText = (problem: OnlineOrderUrlProblem): string => URL_PROBLEM_TEXT[problem];

/** A server address, checked as `onlineOrderUrlProblem` says; `optional` allows '' (a setting left off). */
function serverUrl(optionalValue: boolean): Check<string> {
  const text = str({ min: optionalValue ? 0 : 1, max: MAX_URL_CHARS });
  return {
    optional: false,
    parse(value, path) {
      const url = text.parse(value, path);
      if (url === '' && optionalValue) return url;
      const problem = onlineOrderUrlProblem(url);
      if (problem) throw new ContractInputError(path, URL_PROBLEM_TEXT[problem]);
      return url;
    },
  };
}

const bindingFields = {
  /** Stable, chosen when the binding is added: the key of its password among the secrets. */
  id: str({ min: 1, max: 64, pattern: /^[A-Za-z0-9_-]+$/ }),
  protocol: oneOf(ONLINE_ORDER_PROTOCOLS),
  url: serverUrl(false),
  /** A Ticketera printer URI (`tcp://10.0.0.9:9100`, a queue name…) or `default`. */
  printer: str({ min: 1, max: 500 }),
  intervalSeconds: int(1, 3_600),
  /** The user name for the server's Basic or Digest authentication ('' for none); the password is a secret. */
  user: str({ max: 200 }),
  /** SDP: the printer's `ID` and `Name` as the server knows them (a TM-i's "ID" and "Name" settings). */
  deviceId: str({ max: 64 }),
  name: str({ max: 64 }),
  /** SDP: where status notifications (SetStatus) go; '' for none. */
  statusUrl: serverUrl(true),
};
export const onlineOrderBinding = object(bindingFields);
export type OnlineOrderBinding = Infer<typeof onlineOrderBinding>;

const bindingList = arrayOf(onlineOrderBinding, MAX_ONLINE_ORDER_BINDINGS);

/** The list, each binding checked and every id used once (an id names one password). */
export const onlineOrderBindings: Check<OnlineOrderBinding[]> = {
  optional: false,
  parse(value, path) {
    const bindings = bindingList.parse(value, path);
    const seen = new Set<string>();
    bindings.forEach((binding, index) => {
      if (seen.has(binding.id)) throw new ContractInputError(`${path}[${index}].id`, `"${binding.id}" is used twice`);
      seen.add(binding.id);
    });
    return bindings;
  },
};

/** A binding as the service runs it: with its password, when it has one. */
export interface OnlineOrderConfig extends OnlineOrderBinding {
  password: string | undefined;
}

/** The window's add/edit form: a binding without its id (a new one gets one) and the password to keep. */
export const onlineOrderInput = object({
  ...bindingFields,
  /** Absent: add a server; present: change that one. */
  id: optional(bindingFields.id),
  /** Absent: keep the one kept; '': remove it; text: the new password. */
  password: optional(str({ max: 200 })),
});
export type OnlineOrderInput = Infer<typeof onlineOrderInput>;
