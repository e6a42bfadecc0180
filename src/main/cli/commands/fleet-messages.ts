import type { TicketeraErrorKind } from '../../../../clients/js/src/errors.mjs';
import type { SiteState } from '../../../../clients/js/src/fleet-sites.mjs';
import type { CliLanguage } from '../cli-language';

/** What the `fleet` commands say, in English or Spanish (cliLanguage): each failure says what to do next. */
type Text = Record<CliLanguage, string>;

export const FLEET_TEXTS = {
  noUrl: {
    en: 'No broker: give --fleet-url mqtts://HOST:8883 or set TICKETERA_FLEET_URL.',
    es: 'Falta el bróker: indica --fleet-url mqtts://HOST:8883 o define TICKETERA_FLEET_URL.',
  },
  // One name for the broker in `serve` and `fleet`; the other still works, said once so scripts can be updated.
  urlAlias: {
    en: 'Note: --url is now --fleet-url (the name serve uses too); --url still works.',
    es: 'Nota: --url ahora se llama --fleet-url (el mismo nombre que en serve); --url sigue funcionando.',
  },
  bothUrls: {
    en: 'Give the broker once: --fleet-url or --url, not both.',
    es: 'Indica el bróker una sola vez: --fleet-url o --url, no los dos.',
  },
  noSites: {
    en: 'No site has published its state on this broker yet (are the shops on, with --fleet-url and --fleet-site?).',
    es: 'Ninguna tienda ha publicado su estado en este bróker todavía (¿están encendidas, con --fleet-url y --fleet-site?).',
  },
  watching: { en: 'Watching every site (Ctrl+C to stop)…', es: 'Vigilando todas las tiendas (Ctrl+C para parar)…' },
} satisfies Record<string, Text>;

const KIND_ADVICE: Record<TicketeraErrorKind, Text> = {
  rejected: { en: 'The shop refused it; nothing printed. Fix the cause and send it again.', es: 'La tienda lo rechazó; no se imprimió nada. Corrige la causa y vuelve a enviarlo.' },
  'print-failed': { en: 'The shop took it and printing failed.', es: 'La tienda lo recibió y la impresión falló.' },
  timeout: {
    en: 'No answer in time: it may still print. Send it again with the SAME --id to learn what happened; never with a new one.',
    es: 'Sin respuesta a tiempo: puede imprimirse todavía. Envíalo otra vez con el MISMO --id para saber qué pasó; nunca con uno nuevo.',
  },
  protocol: {
    en: 'The answer could not be read: it may have printed. Send it again with the SAME --id.',
    es: 'No se pudo leer la respuesta: puede haberse impreso. Envíalo otra vez con el MISMO --id.',
  },
  connection: {
    en: 'The broker could not be reached: check --fleet-url, the network and TICKETERA_FLEET_USERNAME / TICKETERA_FLEET_PASSWORD.',
    es: 'No se pudo llegar al bróker: revisa --fleet-url, la red y TICKETERA_FLEET_USERNAME / TICKETERA_FLEET_PASSWORD.',
  },
  'local-network-blocked': { en: 'Blocked by the browser.', es: 'Bloqueado por el navegador.' },
  'insecure-page': { en: 'Blocked by the browser.', es: 'Bloqueado por el navegador.' },
  auth: {
    en: 'Refused: a wrong broker user name or password, or the shop\'s token (--token, TICKETERA_TOKEN).',
    es: 'Rechazado: usuario o contraseña del bróker incorrectos, o el token de la tienda (--token, TICKETERA_TOKEN).',
  },
  expired: {
    en: 'It expired before the shop took it: it was not printed and will not be.',
    es: 'Caducó antes de que la tienda lo recibiera: no se imprimió ni se imprimirá.',
  },
};

/**
 * A user name or password inside the broker's address, refused as `serve` refuses it: a command line is visible to
 * every user of the computer (`ps`), and the address is shown in logs; they go in the environment instead.
 */
export function credentialsInUrlText(source: string, language: CliLanguage): string {
  return language === 'es'
    ? `${source}: pon el usuario y la contraseña en TICKETERA_FLEET_USERNAME / TICKETERA_FLEET_PASSWORD, no en la dirección (cualquier usuario del equipo ve la línea de órdenes).`
    : `${source}: put the user name and password in TICKETERA_FLEET_USERNAME / TICKETERA_FLEET_PASSWORD, not in the address (every user of this computer can see a command line).`;
}

/** Replies the client did not believe (fleet.droppedReplies): a site answering for another, or a misconfigured ACL. */
export function droppedRepliesText(count: number, language: CliLanguage): string {
  return language === 'es'
    ? `Aviso: se ignoraron ${count} respuesta(s) que no venían de la tienda a la que se envió la petición o no eran de esta orden (ver «Trust between sites» en docs/remote-printing.md).`
    : `Warning: ${count} reply(ies) were ignored: not from the shop the request went to, or not for this command (see "Trust between sites" in docs/remote-printing.md).`;
}

export const adviceFor = (kind: TicketeraErrorKind, language: CliLanguage): string => KIND_ADVICE[kind][language];

/** One line per site for `fleet sites`: online, printers and paper, held tickets, queue, last seen. */
export function siteLine(state: SiteState, language: CliLanguage): string {
  const es = language === 'es';
  const online = state.online ? (es ? 'en línea' : 'online') : `${es ? 'DESCONECTADA' : 'OFFLINE'}${state.reason ? ` (${state.reason})` : ''}`;
  const printers = (state.printers ?? [])
    .map((printer) => `${printer.name}: ${printer.live?.blocker ?? printer.status}${printer.live && printer.live.paper !== 'ok' ? ` (${es ? 'papel' : 'paper'} ${printer.live.paper})` : ''}`)
    .join(', ');
  const queue = state.health?.queue ? `${es ? 'cola' : 'queue'} ${state.health.queue.current ?? 0}/${state.health.queue.capacity ?? 0}` : '';
  const held = state.held && state.held.count > 0 ? `${es ? 'retenidos' : 'held'} ${state.held.count}` : '';
  const seen = `${es ? 'visto' : 'seen'} ${state.at || '?'}`;
  return [state.site, online, printers, queue, held, seen].filter((part) => part !== '').join(' · ');
}
