import { XMLParser } from 'fast-xml-parser';
import { quotedOutsideValue } from '../http/redact-secrets';

/** An answer that does not have the shape the method sheet describes; `path` says where (`data.issues.count`). */
export class CampusShapeError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path} ${problem}`);
    this.name = 'CampusShapeError';
  }
}

/**
 * One value of an answer, read the same way whether it came as JSON or XML, so one reader (campus-answers) turns both
 * formats into the same typed result. "Any value can be null": a missing or null value reads as null, and so does
 * everything under it; a value of the wrong kind (text where a number belongs) is a CampusShapeError.
 */
export interface AnswerNode {
  readonly path: string;
  isNull(): boolean;
  field(name: string): AnswerNode;
  /** The elements of a list; a null list has none. */
  items(): AnswerNode[];
  integer(): number | null;
  number(): number | null;
  text(): string | null;
  /** An object's or list's fields as plain values (for `meta.method`, whose content the spec does not show). */
  fields(): Record<string, unknown>;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  // Redacted before it is cut: a key straddling the cut would otherwise leave its first half in the error.
  if (typeof value === 'string') return quotedOutsideValue(value);
  return typeof value === 'object' ? 'an object' : String(value);
}

export class JsonNode implements AnswerNode {
  constructor(
    private readonly value: unknown,
    readonly path: string,
  ) {}

  isNull(): boolean {
    return this.value === null || this.value === undefined;
  }

  field(name: string): AnswerNode {
    const child = `${this.path}.${name}`;
    if (this.isNull()) return new JsonNode(null, child);
    if (typeof this.value !== 'object' || Array.isArray(this.value)) throw new CampusShapeError(this.path, `is ${describe(this.value)}, expected an object`);
    return new JsonNode((this.value as Record<string, unknown>)[name], child);
  }

  items(): AnswerNode[] {
    if (this.isNull()) return [];
    if (!Array.isArray(this.value)) throw new CampusShapeError(this.path, `is ${describe(this.value)}, expected a list`);
    return this.value.map((item, index) => new JsonNode(item, `${this.path}[${index}]`));
  }

  integer(): number | null {
    const value = this.number();
    if (value !== null && !Number.isInteger(value)) throw new CampusShapeError(this.path, `is ${value}, expected a whole number`);
    return value;
  }

  number(): number | null {
    if (this.isNull()) return null;
    if (typeof this.value !== 'number' || !Number.isFinite(this.value)) throw new CampusShapeError(this.path, `is ${describe(this.value)}, expected a number`);
    return this.value;
  }

  text(): string | null {
    if (this.isNull()) return null;
    if (typeof this.value !== 'string') throw new CampusShapeError(this.path, `is ${describe(this.value)}, expected text`);
    return this.value;
  }

  fields(): Record<string, unknown> {
    if (this.isNull()) return {};
    if (Array.isArray(this.value)) return Object.fromEntries(this.value.map((item, index) => [String(index), item as unknown]));
    if (typeof this.value !== 'object') throw new CampusShapeError(this.path, `is ${describe(this.value)}, expected a list or an object`);
    return { ...(this.value as Record<string, unknown>) };
  }
}

/** What fast-xml-parser gives with `isArray` always true: every element is a list of texts or of child maps. */
type XmlElement = string | { [name: string]: XmlElement[] };

/**
 * An XML element. The spec does not show the XML output, so only what any XML rendering of the JSON must keep is
 * relied on: element names are the JSON field names, a list's entries are the child elements whatever they are called
 * (`<item>`, `<change>`…), and an empty element is null (XML has no null; numbers are their text).
 */
export class XmlNode implements AnswerNode {
  constructor(
    private readonly element: XmlElement | undefined,
    readonly path: string,
  ) {}

  isNull(): boolean {
    return this.element === undefined || this.element === '';
  }

  field(name: string): AnswerNode {
    const child = `${this.path}.${name}`;
    if (this.isNull()) return new XmlNode(undefined, child);
    const children = this.children();
    const found = children[name];
    if (found !== undefined && found.length > 1) throw new CampusShapeError(child, `appears ${found.length} times, expected once`);
    return new XmlNode(found?.[0], child);
  }

  items(): AnswerNode[] {
    if (this.isNull()) return [];
    const all = Object.values(this.children()).flat();
    return all.map((item, index) => new XmlNode(item, `${this.path}[${index}]`));
  }

  integer(): number | null {
    const text = this.text();
    if (text === null) return null;
    if (!/^-?\d+$/.test(text.trim())) throw new CampusShapeError(this.path, `is ${quotedOutsideValue(text)}, expected a whole number`);
    return Number(text);
  }

  number(): number | null {
    const text = this.text();
    if (text === null) return null;
    const value = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(value)) throw new CampusShapeError(this.path, `is ${quotedOutsideValue(text)}, expected a number`);
    return value;
  }

  text(): string | null {
    if (this.isNull()) return null;
    if (typeof this.element !== 'string') throw new CampusShapeError(this.path, 'is an element with children, expected text');
    return this.element;
  }

  fields(): Record<string, unknown> {
    if (this.isNull()) return {};
    return Object.fromEntries(Object.entries(this.children()).map(([name, list]) => [name, list.length === 1 ? list[0] : list]));
  }

  private children(): Record<string, XmlElement[]> {
    if (typeof this.element === 'string') throw new CampusShapeError(this.path, `is ${quotedOutsideValue(this.element)}, expected an element with children`);
    return this.element ?? {};
  }
}

const xmlParser = new XMLParser({
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Values stay text: a number is read as one only where the method sheet says so (a "007" label stays "007").
  parseTagValue: false,
  trimValues: true,
  isArray: () => true,
  processEntities: true,
});

/** The document's root element (its name is not part of the interface: `<response>` in practice). */
export function xmlRoot(xml: string): XmlNode {
  const parsed = xmlParser.parse(xml) as Record<string, XmlElement[]>;
  const roots = Object.entries(parsed);
  if (roots.length !== 1 || roots[0]![1].length !== 1) throw new CampusShapeError('answer', 'has no single root element');
  return new XmlNode(roots[0]![1][0], 'answer');
}
