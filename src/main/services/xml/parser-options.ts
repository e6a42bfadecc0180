/**
 * fast-xml-parser's options for every XML door (ePOS-Print requests, Server Direct Print answers), after the guard has
 * passed the text: document order kept, attributes by their own names, and nothing decoded or expanded by the parser —
 * each door decodes the five XML entities and character references itself where it reads a value.
 */
export const DOOR_XML_OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
} as const;
