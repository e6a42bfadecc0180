import type { CampusEnvelope, CampusMeta, ChangelogEntry, WirelessAuth } from '../../../shared/contract/campus-types';
import { CampusShapeError, type AnswerNode } from './answer-node';

/**
 * The envelope and the two methods' `data`, read from an AnswerNode (JSON or XML alike) into the contract's types.
 * Tolerant where the spec says "any value can be null"; strict on `meta.status`, which decides success.
 */

export function metaOf(root: AnswerNode): CampusMeta {
  const meta = root.field('meta');
  if (meta.isNull()) throw new CampusShapeError('answer.meta', 'is missing');
  const status = meta.field('status').integer();
  if (status === null) throw new CampusShapeError('answer.meta.status', 'is missing: success cannot be told');
  return {
    requests: meta.field('requests').integer(),
    timestamp: meta.field('timestamp').integer(),
    status,
    message: meta.field('message').text(),
    methodId: meta.field('method_id').integer(),
    version: meta.field('version').number(),
    method: meta.field('method').fields(),
  };
}

export function wirelessOf(data: AnswerNode): WirelessAuth {
  const issues = data.field('issues');
  return { count: issues.field('count').integer(), lastUpdated: issues.field('last_updated').text() };
}

export function changelogOf(data: AnswerNode): ChangelogEntry[] {
  return data.items().map((entry) => ({
    date: entry.field('date').text(),
    // A null change says nothing: left out rather than shown as an empty line.
    changes: entry
      .field('changes')
      .items()
      .map((change) => change.text())
      .filter((change): change is string => change !== null),
  }));
}

export function envelopeOf<T>(root: AnswerNode, meta: CampusMeta, readData: (data: AnswerNode) => T): CampusEnvelope<T> {
  return { meta, data: readData(root.field('data')) };
}
