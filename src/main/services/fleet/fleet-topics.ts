import type { JobSource } from '../../../shared/contract/job-source';

/**
 * The topic layout (docs/remote-printing.md), one level per site so a broker's ACL can give each shop its own:
 *
 *   ticketera/sites/<site>/requests          chain → shop: ticket, status, get_printers (QoS 1, Response Topic)
 *   ticketera/sites/<site>/replies/<client>  shop → chain: ack, result, error, status, printers (Correlation Data)
 *   ticketera/sites/<site>/state             shop → everyone: retained state, last will "offline"
 *
 * Replies live under the site so a site's credentials can write only below its own name (ACL `%u`).
 */
export const TOPIC_ROOT = 'ticketera/sites';

export const requestsTopic = (site: string): string => `${TOPIC_ROOT}/${site}/requests`;
export const stateTopic = (site: string): string => `${TOPIC_ROOT}/${site}/state`;
export const repliesPrefix = (site: string): string => `${TOPIC_ROOT}/${site}/replies/`;

/**
 * Whether a request's Response Topic is one this site may answer on: below its own replies, one level, no
 * wildcards. Anything else is not answered, so a hostile publisher cannot make the site write to other topics.
 */
export function isOwnReplyTopic(site: string, topic: string | undefined): topic is string {
  if (topic === undefined) return false;
  const prefix = repliesPrefix(site);
  if (!topic.startsWith(prefix)) return false;
  const client = topic.slice(prefix.length);
  return client.length > 0 && client.length <= 128 && !/[/#+]/.test(client) && !client.includes('\0');
}

/**
 * A fleet request's source: the requester's name, the last level of its (own, checked) reply topic, as the chain
 * names its systems (`ticketera/sites/madrid-01/replies/tpv-nube` → `tpv-nube`); empty for one without a reply topic.
 */
export function fleetSourceOf(site: string, replyTopic: string | undefined): JobSource {
  return { kind: 'fleet', label: replyTopic === undefined ? '' : replyTopic.slice(repliesPrefix(site).length) };
}
