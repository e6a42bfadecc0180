/**
 * The counters' colours in every chart, from Fluent's palette (SVG fills cannot read Fluent's CSS tokens). Blue,
 * purple and teal stay apart for the common colour blindnesses; speech to text, another unit, gets orange.
 */
export const COUNTER_COLORS = {
  text: '#0f6cbd',
  documents: '#8764b8',
  improvement: '#038387',
  speech: '#ca5010',
} as const;
