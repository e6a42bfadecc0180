/** The subset of JSON Schema 2020-12 the print document uses, typed so the schema can be checked against the types. */
export interface JsonSchema {
  $schema?: string;
  $id?: string;
  $defs?: Record<string, JsonSchema>;
  $ref?: string;
  title?: string;
  description?: string;
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | ('string' | 'number')[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  minProperties?: number;
  maxProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  enum?: readonly (string | number)[];
  const?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: string | number | boolean;
  oneOf?: JsonSchema[];
  discriminator?: { propertyName: string };
  contentEncoding?: string;
  examples?: unknown[];
}

/** Every key of T, optional or not, needs a schema: a field missing on either side is a compile error. */
export type PropertiesOf<T> = { [K in keyof T]-?: JsonSchema };

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** Exactly the required keys of T, as an object literal so extra or missing ones fail to compile. */
export type RequiredOf<T> = Record<RequiredKeys<T>, true>;

export function objectSchema<T>(description: string, properties: PropertiesOf<T>, required: RequiredOf<T>): JsonSchema {
  const requiredKeys = Object.keys(required);
  return {
    type: 'object',
    description,
    properties: properties as Record<string, JsonSchema>,
    ...(requiredKeys.length > 0 ? { required: requiredKeys } : {}),
    additionalProperties: false,
  };
}
