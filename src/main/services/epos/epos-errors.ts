/** The request breaks Epson's schema (an unknown element, a value outside its list): answered `SchemaError`. */
export class EposSchemaError extends Error {}

/** The request is valid but asks for something Ticketera cannot do here (a logo it does not hold): `ParameterError`. */
export class EposParameterError extends Error {}

/** An attribute's value from a fixed list, or EposSchemaError naming the element and the attribute. */
export function oneOfAttr<T extends string>(element: string, attributes: Record<string, string>, name: string, values: readonly T[]): T | undefined {
  const value = attributes[name];
  if (value === undefined) return undefined;
  if ((values as readonly string[]).includes(value)) return value as T;
  throw new EposSchemaError(`<${element} ${name}="${value.slice(0, 40)}"> is not one of ${values.join(', ')}`);
}

/** A whole-number attribute within [min, max], or EposSchemaError. */
export function intAttr(element: string, attributes: Record<string, string>, name: string, min: number, max: number): number | undefined {
  const value = attributes[name];
  if (value === undefined) return undefined;
  if (!/^[0-9]{1,9}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new EposSchemaError(`<${element} ${name}="${value.slice(0, 40)}"> must be a whole number from ${min} to ${max}`);
  }
  return Number(value);
}

/** `true`/`false` (or 1/0, as xs:boolean allows). */
export function boolAttr(element: string, attributes: Record<string, string>, name: string): boolean | undefined {
  const value = oneOfAttr(element, attributes, name, ['true', 'false', '1', '0'] as const);
  return value === undefined ? undefined : value === 'true' || value === '1';
}
