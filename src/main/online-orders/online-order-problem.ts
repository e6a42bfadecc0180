import type { OnlineOrderProblem } from '../../shared/contract/online-order-state';

/**
 * The window's word for a client's last failure `kind`: a ServiceError kind (shared/contract/service-failure), the
 * client's own notes (`too-many-jobs`), a CloudPRNT confirmation code (`410 Out of Paper`…) or an Epson SDP code
 * (`EPTR_REC_EMPTY`, `SchemaError`…).
 */
export function onlineOrderProblemOf(kind: string): OnlineOrderProblem {
  const exact: Record<string, OnlineOrderProblem> = {
    timeout: 'unreachable',
    refused: 'unreachable',
    network: 'unreachable',
    'key-missing': 'password',
    'key-rejected': 'password',
    'not-found': 'not-found',
    'bad-response': 'not-a-server',
    'answer-too-large': 'not-a-server',
    'bad-request': 'not-a-server',
    server: 'server-error',
    'too-many-requests': 'too-many-jobs',
    'too-many-jobs': 'too-many-jobs',
    TooManyRequests: 'too-many-jobs',
    EPTR_REC_EMPTY: 'paper-out',
    EPTR_COVER_OPEN: 'cover-open',
    // A CloudPRNT server whose name answers both internet and shop-network addresses (cloudprnt/server-route.ts).
    'mixed-addresses': 'mixed-addresses',
  };
  const known = exact[kind];
  if (known) return known;
  if (/^410\b/.test(kind)) return 'paper-out';
  if (/^420\b/.test(kind)) return 'cover-open';
  if (/^4\d\d\b/.test(kind) || /^EPTR_|^EX_|Offline|Printer/i.test(kind)) return 'printer';
  if (/^5[12]\d\b/.test(kind) || /SchemaError|ParameterError|DeviceNotFound/.test(kind)) return 'job-refused';
  return 'other';
}
