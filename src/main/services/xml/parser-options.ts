/**
 * fast-xml-parser's options for Server Direct Print answers, after the guard has passed the text: document order kept,
 * attributes by their own names, and nothing decoded or expanded by the parser — the five XML entities and character
 * references are decoded where a value is read. (The ePOS-Print and WebPRNT doors read requests with xml-reader.)
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
