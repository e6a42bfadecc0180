import {
  DEFAULT_POLL_SECONDS,
  MAX_ONLINE_ORDER_BINDINGS,
  onlineOrderUrlProblem,
  type OnlineOrderConfig,
  type OnlineOrderProtocol,
} from '../../shared/contract/online-orders';

/** The `serve` flags of online orders, as parseArgs declares them (each may be given several times). */
export const ONLINE_ORDER_FLAG_OPTIONS = {
  cloudprnt: { type: 'string', multiple: true },
  sdp: { type: 'string', multiple: true },
} as const;

export const ONLINE_ORDER_USAGE = '[--cloudprnt URL=PRINTER]… [--sdp URL=PRINTER]…';

/** Never a flag: the command line is visible to every user of the PC (as TICKETERA_FLEET_PASSWORD). */
export const ONLINE_ORDER_USER_VARIABLE = 'TICKETERA_ONLINE_ORDERS_USER';
export const ONLINE_ORDER_PASSWORD_VARIABLE = 'TICKETERA_ONLINE_ORDERS_PASSWORD';

const HINT: Record<OnlineOrderProtocol, string> = {
  cloudprnt: '--cloudprnt https://orders.example.com/cloudprnt=tcp://10.0.0.9:9100',
  sdp: '--sdp https://orders.example.com/sdp.php=default',
};

/**
 * `--cloudprnt URL=PRINTER` and `--sdp URL=PRINTER`, repeatable: PRINTER is a Ticketera printer (a URI such as
 * `tcp://10.0.0.9:9100`, a queue name, or `default`); the LAST `=` separates the two, so the URL may carry a query
 * (`…/poll.php?shop=7=default`). Credentials come from TICKETERA_ONLINE_ORDERS_USER / _PASSWORD, never from the
 * address. Throws a readable error for a bad value.
 */
export function readOnlineOrderFlags(values: { cloudprnt?: string[] | undefined; sdp?: string[] | undefined }, env: NodeJS.ProcessEnv): OnlineOrderConfig[] | undefined {
  const given = [...(values.cloudprnt ?? []).map((text) => ['cloudprnt', text] as const), ...(values.sdp ?? []).map((text) => ['sdp', text] as const)];
  if (given.length === 0) return undefined;
  if (given.length > MAX_ONLINE_ORDER_BINDINGS) throw new Error(`at most ${MAX_ONLINE_ORDER_BINDINGS} --cloudprnt and --sdp servers`);
  const user = env[ONLINE_ORDER_USER_VARIABLE] ?? '';
  const password = env[ONLINE_ORDER_PASSWORD_VARIABLE] || undefined;
  const counts = { cloudprnt: 0, sdp: 0 };
  return given.map(([protocol, text]) => {
    const { url, printer } = splitFlag(protocol, text);
    counts[protocol] += 1;
    return {
      id: `cli-${protocol}-${counts[protocol]}`,
      protocol,
      url,
      printer,
      intervalSeconds: DEFAULT_POLL_SECONDS,
      user,
      deviceId: '',
      name: '',
      statusUrl: '',
      password,
    };
  });
}

function splitFlag(protocol: OnlineOrderProtocol, text: string): { url: string; printer: string } {
  const flag = `--${protocol}`;
  const split = text.lastIndexOf('=');
  const url = split < 0 ? text : text.slice(0, split).trim();
  const printer = split < 0 ? '' : text.slice(split + 1).trim();
  if (printer === '' || url === '') throw new Error(`${flag} must be URL=PRINTER (PRINTER a printer address or "default"), e.g. ${HINT[protocol]}`);
  if (printer.length > 500) throw new Error(`${flag}: the printer after the last "=" is too long`);
  const problem = onlineOrderUrlProblem(url);
  // The address is never repeated back: it may hold a key or a password.
  if (problem === 'credentials') {
    throw new Error(`${flag}: put the user name and password in ${ONLINE_ORDER_USER_VARIABLE} / ${ONLINE_ORDER_PASSWORD_VARIABLE}, not in the address`);
  }
  if (problem) throw new Error(`${flag} must start with an http:// or https:// server address, e.g. ${HINT[protocol]}`);
  return { url, printer };
}
