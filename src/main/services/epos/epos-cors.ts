import type { IncomingMessage } from 'node:http';
import { doorCorsHeaders } from '../http/door-cors';

/** The headers the ePOS SDK sets: `Content-Type: text/xml`, `SOAPAction`, `If-Modified-Since`. */
const SDK_HEADERS = ['content-type', 'soapaction', 'if-modified-since'];

/** CORS for a page the owner allowed, as the ePOS SDK's requests need it (see doorCorsHeaders). */
export const corsHeaders = (origin: string, request: IncomingMessage): Record<string, string> => doorCorsHeaders(origin, request, SDK_HEADERS);
