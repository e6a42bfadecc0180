import type { PrinterFacts } from '../intake/online-order-port';
import { LONE_SURROGATE } from './job-token';
import type { ClientActionRequest, ClientActionResult } from './poll-messages';

/** What the client says about itself (the guide's `ClientType` / `ClientVersion`: "1.0.x" is CloudPRNT 1.0). */
export const CLIENT_TYPE = 'Ticketera';
export const CLIENT_VERSION = '1.0.1';

export interface ActionContext {
  facts: PrinterFacts;
  pollIntervalSeconds: number;
  /** The media types this binding's printer takes, in the order preferred. */
  encodings: readonly string[];
  /** Keeps the server-assigned ID (`SetID`) for the next polls' `uniqueID`. */
  setId: (id: string) => void;
}

/** The longest server-assigned ID kept: it travels in every poll and URL. */
const MAX_ID_LENGTH = 64;

/**
 * Answers to the server's `clientAction` requests (CloudPRNT Developer Guide, "Client action"). A request this client
 * does not implement (`SetLED`, firmware updates…) is answered as unsupported rather than ignored, so the server does
 * not wait for it.
 */
export function answerClientActions(requests: readonly ClientActionRequest[], context: ActionContext): ClientActionResult[] {
  return requests.map(({ request, options }) => ({ request, result: resultOf(request, options, context) }));
}

function resultOf(request: string, options: string, context: ActionContext): unknown {
  switch (request) {
    case 'ClientType':
      return CLIENT_TYPE;
    case 'ClientVersion':
      return CLIENT_VERSION;
    case 'GetPollInterval':
      return String(context.pollIntervalSeconds);
    case 'Encodings':
      return context.encodings.join('; ');
    case 'SetID': {
      // Cut by code points, never inside a surrogate pair; text that is not valid as given is not kept: it travels
      // in every URL, where half a pair has no form.
      const id = [...options.trim()].slice(0, MAX_ID_LENGTH).join('');
      if (LONE_SURROGATE.test(id)) return '';
      context.setId(id);
      return id;
    }
    case 'PageInfo': {
      const { paperWidthMm, dots, dotsPerMm } = context.facts;
      // Strings, "to avoid rounding errors" (the guide).
      return { paperWidth: String(paperWidthMm), printWidth: String(dots / dotsPerMm), horizontalResolution: String(dotsPerMm), verticalResolution: String(dotsPerMm) };
    }
    default:
      return 'Unsupported';
  }
}
