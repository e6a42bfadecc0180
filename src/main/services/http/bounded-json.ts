/**
 * Objects and lists an answer may hold before it is parsed. A real 16 MiB admin usage report has about 150,000; 16 MiB of
 * empty objects has 5.6 million and nested lists 8 million, which take 230–460 MB to parse: a reading thread would
 * run out of heap after seconds of work, and handing that much memory back to the system held the thread that
 * acknowledges tickets for up to 160 ms now and then. A million is 60 MB at most.
 */
export const MAX_JSON_CONTAINERS = 1_000_000;

/** `detail` says what the text is, for a sentence about it ("the answer …", "document status …"). */
export type BoundedJson = { kind: 'parsed'; value: unknown } | { kind: 'unreadable'; detail: string };

/**
 * JSON.parse, after a linear count of the objects and lists outside strings: a text with more than `maxContainers`
 * is refused before anything is built. For reading threads (http/read-off-thread): on 16 MiB the count takes tens of ms.
 */
export function parseBoundedJson(text: string, maxContainers = MAX_JSON_CONTAINERS): BoundedJson {
  let containers = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1; // a backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if ((code === 0x7b || code === 0x5b) && ++containers > maxContainers) {
      return { kind: 'unreadable', detail: `holds more than ${maxContainers} objects and lists, far more than any real answer` };
    }
  }
  try {
    return { kind: 'parsed', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'unreadable', detail: 'is not JSON' };
  }
}
