/**
 * Tiny runtime checks whose TypeScript types are inferred from the same declaration, so each contract input is
 * written once and validated at both transports' boundary. No dependencies: the preload and renderer bundle it too.
 */
export class ContractInputError extends Error {
  constructor(readonly path: string, problem: string) {
    super(`${path} ${problem}`);
    this.name = 'ContractInputError';
  }
}

export interface Check<T> {
  readonly optional: boolean;
  parse(value: unknown, path: string): T;
}
export interface OptionalCheck<T> extends Check<T | undefined> {
  readonly optional: true;
}
export type Infer<C> = C extends Check<infer T> ? T : never;

type Shape = Record<string, Check<unknown>>;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type RequiredKeys<S extends Shape> = { [K in keyof S]: S[K] extends OptionalCheck<unknown> ? never : K }[keyof S];
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends OptionalCheck<unknown> ? K : never }[keyof S];
export type ObjectOf<S extends Shape> = Simplify<
  { [K in RequiredKeys<S>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Exclude<Infer<S[K]>, undefined> }
>;

const check = <T>(parse: (value: unknown, path: string) => T): Check<T> => ({ optional: false, parse });

export function str(limits: { min?: number; max: number; pattern?: RegExp }): Check<string> {
  return check((value, path) => {
    if (typeof value !== 'string') throw new ContractInputError(path, 'must be a string');
    if (value.length < (limits.min ?? 0) || value.length > limits.max) {
      throw new ContractInputError(path, `must be ${limits.min ?? 0}..${limits.max} characters long`);
    }
    if (limits.pattern && !limits.pattern.test(value)) throw new ContractInputError(path, `must match ${String(limits.pattern)}`);
    return value;
  });
}

export function int(min: number, max: number): Check<number> {
  return check((value, path) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      throw new ContractInputError(path, `must be a whole number from ${min} to ${max}`);
    }
    return value;
  });
}

export const bool = (): Check<boolean> =>
  check((value, path) => {
    if (typeof value !== 'boolean') throw new ContractInputError(path, 'must be true or false');
    return value;
  });

export function oneOf<const T extends readonly string[]>(choices: T): Check<T[number]> {
  return check((value, path) => {
    if (typeof value !== 'string' || !choices.includes(value)) throw new ContractInputError(path, `must be one of ${choices.join(', ')}`);
    return value as T[number];
  });
}

export function optional<T>(inner: Check<T>): OptionalCheck<T> {
  return { optional: true, parse: (value, path) => (value === undefined ? undefined : inner.parse(value, path)) };
}

export function nullable<T>(inner: Check<T>): Check<T | null> {
  return check((value, path) => (value === null ? null : inner.parse(value, path)));
}

export function arrayOf<T>(item: Check<T>, maxItems: number): Check<T[]> {
  return check((value, path) => {
    if (!Array.isArray(value)) throw new ContractInputError(path, 'must be an array');
    if (value.length > maxItems) throw new ContractInputError(path, `must have at most ${maxItems} items`);
    return value.map((entry: unknown, index) => item.parse(entry, `${path}[${index}]`));
  });
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A closed object: unknown keys are refused so a typo never passes silently. */
export function object<S extends Shape>(shape: S): Check<ObjectOf<S>> {
  return check((value, path) => {
    if (!isPlainObject(value)) throw new ContractInputError(path, 'must be an object');
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(shape, key)) throw new ContractInputError(`${path}.${key}`, 'is not an allowed field');
    }
    const result: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(shape)) {
      const parsed = field.parse(value[key], `${path}.${key}`);
      if (parsed !== undefined) result[key] = parsed;
    }
    return result as ObjectOf<S>;
  });
}

/** Methods without input accept nothing (or an empty object, which is what JSON clients tend to send). */
export const nothing = (): Check<void> =>
  check((value, path) => {
    if (value === undefined || value === null || (isPlainObject(value) && Object.keys(value).length === 0)) return undefined;
    throw new ContractInputError(path, 'takes no input');
  });

/** Any JSON value (a print document is validated by the document schema later, with its own categories). */
export function jsonValue(maxChars: number): Check<unknown> {
  return check((value, path) => {
    if (value === undefined) throw new ContractInputError(path, 'is required');
    let text: string;
    try {
      text = JSON.stringify(value);
    } catch {
      throw new ContractInputError(path, 'must be JSON');
    }
    if (text.length > maxChars) throw new ContractInputError(path, `must be at most ${maxChars} characters as JSON`);
    return value;
  });
}
