/**
 * "Refuse every subdomain of example.com", without the Public Suffix List (one more dependency, and a list that goes
 * stale inside an installed app). The rule is narrow on purpose: the owner is only offered the parent domain of the
 * site that asked (`tpv.example.com` → `example.com`), when that parent has at least two labels and is not a shared
 * suffix below: refusing `co.uk` or `github.io` would refuse sites of thousands of unrelated owners. A shared suffix
 * missing from the list only makes one offer broader than it should be; the owner reads the domain on the button,
 * sites allowed one by one keep printing, and the rule can be undone in Settings.
 */
const SHARED_SUFFIXES = new Set([
  // Countries that register names one level down (the ones this app's shops and their POS vendors are likely in).
  ...['co', 'org', 'ac', 'gov', 'me', 'ltd', 'plc', 'net', 'sch', 'nhs'].map((label) => `${label}.uk`),
  ...['com', 'org', 'nom', 'gob', 'edu'].map((label) => `${label}.es`),
  ...['com', 'org', 'gob', 'net', 'edu'].map((label) => `${label}.mx`),
  ...['com', 'org', 'gob', 'net', 'edu', 'int', 'mil'].map((label) => `${label}.ar`),
  ...['com', 'org', 'net', 'gov', 'edu'].map((label) => `${label}.br`),
  ...['com', 'org', 'net', 'gov', 'edu', 'nom'].map((label) => `${label}.co`),
  ...['com', 'org', 'gob', 'net', 'edu', 'nom'].map((label) => `${label}.pe`),
  ...['gob', 'gov', 'mil'].map((label) => `${label}.cl`),
  ...['uy', 've', 'ec', 'bo', 'py', 'gt', 'do', 'pa', 'sv', 'hn', 'ni', 'cu', 'pr', 'pt'].map((country) => `com.${country}`),
  ...['com', 'net', 'org', 'edu', 'gov', 'asn', 'id'].map((label) => `${label}.au`),
  ...['co', 'org', 'net', 'ac', 'govt', 'geek', 'school'].map((label) => `${label}.nz`),
  ...['co', 'ne', 'or', 'ac', 'go', 'ad', 'ed', 'gr', 'lg'].map((label) => `${label}.jp`),
  ...['co', 'or', 'ne', 'go', 'ac', 're'].map((label) => `${label}.kr`),
  ...['com', 'net', 'org', 'gov', 'edu'].map((label) => `${label}.cn`),
  ...['co', 'net', 'org', 'firm', 'gen', 'ind', 'gov', 'ac', 'edu'].map((label) => `${label}.in`),
  ...['co', 'org', 'net', 'gov', 'ac', 'web'].map((label) => `${label}.za`),
  ...['tw', 'hk', 'sg', 'my', 'tr', 'pl', 'ua', 'ph', 'vn', 'pk', 'eg', 'sa', 'ng', 'ru'].map((country) => `com.${country}`),
  'co.il', 'co.id', 'co.th', 'co.ke', 'asso.fr', 'gouv.fr', 'gov.it',
  // Hosting services that give each customer a subdomain: their "parent" is everybody's.
  'github.io', 'gitlab.io', 'netlify.app', 'vercel.app', 'pages.dev', 'workers.dev', 'herokuapp.com', 'azurewebsites.net',
  'azurestaticapps.net', 'cloudfront.net', 'appspot.com', 'web.app', 'firebaseapp.com', 'blogspot.com', 'glitch.me',
  'ngrok.io', 'ngrok.app', 'ngrok-free.app', 'onrender.com', 'fly.dev', 'repl.co', 'replit.dev', 'trycloudflare.com',
  'loca.lt', 'surge.sh', 'amplifyapp.com', 's3.amazonaws.com', 'wixsite.com', 'myshopify.com', 'webflow.io', 'codeberg.page',
]);

/** A domain as the settings keep it: lower-case labels of letters, digits and hyphens (browsers send IDNs as `xn--`). */
export const DOMAIN_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const MAX_DOMAIN_CHARS = 253;

const isIpv4 = (host: string): boolean => /^\d+(\.\d+){3}$/.test(host);

function hostnameOf(origin: string): string | undefined {
  try {
    return new URL(origin).hostname;
  } catch {
    return undefined;
  }
}

/**
 * The domain whose subdomains the owner may refuse all at once when `origin` asks, or null when there is none to offer:
 * an address (`192.168.1.20`, `[::1]`), a computer name, a parent of one label (`com`) or a shared suffix.
 */
export function parentDomainOf(origin: string): string | null {
  const host = hostnameOf(origin);
  if (host === undefined || host.startsWith('[') || isIpv4(host)) return null;
  const labels = host.split('.');
  if (labels.length < 3) return null;
  const parent = labels.slice(1).join('.');
  if (SHARED_SUFFIXES.has(parent) || !DOMAIN_PATTERN.test(parent) || parent.length > MAX_DOMAIN_CHARS) return null;
  return parent;
}

/** True when the origin's host is one of `domains` or any name under one, whatever the scheme or port. */
export function isUnderDomain(origin: string, domains: string | readonly string[]): boolean {
  const host = hostnameOf(origin);
  if (host === undefined) return false;
  return (typeof domains === 'string' ? [domains] : domains).some((domain) => host === domain || host.endsWith(`.${domain}`));
}
