import { makeStyles, tokens } from '@fluentui/react-components';

/** Shared layout of the Home page's cards: they wrap to one column at 800 px and never scroll sideways. */
export const useHomeStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '1600px',
    marginInline: 'auto',
    minWidth: 0,
  },
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
  heading: {
    margin: 0,
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 20rem), 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  card: {
    minWidth: 0,
  },
  /** Values from before the service went away: greyed (colours off, so nothing reads "green, ready"). */
  stale: {
    filter: 'grayscale(1)',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  cardTitle: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase400,
  },
  stack: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    minWidth: 0,
  },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: 0,
  },
  /** A native select is as wide as its longest option unless told it may shrink. */
  shrinkable: {
    minWidth: 0,
    maxWidth: '100%',
    '& select': {
      minWidth: 0,
      width: '100%',
      textOverflow: 'ellipsis',
    },
  },
  noWrap: {
    whiteSpace: 'nowrap',
    flexShrink: 0,
  },
  grow: {
    flexGrow: 1,
    minWidth: '12rem',
  },
  mono: {
    fontFamily: tokens.fontFamilyMonospace,
    overflowWrap: 'anywhere',
  },
  muted: {
    color: tokens.colorNeutralForeground3,
  },
  code: {
    margin: 0,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    // Code keeps its lines: a long one scrolls inside the block (focusable), never the page.
    whiteSpace: 'pre',
    overflowX: 'auto',
    maxWidth: '100%',
  },
  numbers: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalS,
  },
  number: {
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'space-between',
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    minWidth: 0,
  },
  bigNumber: {
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
  },
  feed: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
  },
  feedItem: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalS,
    alignItems: 'baseline',
    paddingBlock: tokens.spacingVerticalXS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  feedText: {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
  },
  steps: {
    margin: 0,
    paddingInlineStart: tokens.spacingHorizontalXL,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  step: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    minWidth: 0,
  },
  receipts: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    alignItems: 'flex-start',
  },
  receipt: {
    margin: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    maxWidth: '100%',
  },
  paper: {
    maxWidth: '100%',
    width: '240px',
    height: 'auto',
    backgroundColor: '#fff',
    boxShadow: tokens.shadow4,
  },
  /** Held tickets need the owner: the card stands out from the others, and spans the whole row. */
  heldCard: {
    gridColumn: '1 / -1',
    borderLeftWidth: '4px',
    borderLeftStyle: 'solid',
    borderLeftColor: tokens.colorPaletteMarigoldBorderActive,
  },
  heldIntro: {
    margin: 0,
  },
  heldItem: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  /** Part of the ticket may still come out: said in the warning colour, under its reason. */
  heldWarning: {
    color: tokens.colorPaletteDarkOrangeForeground1,
    fontWeight: tokens.fontWeightSemibold,
  },
  heldActions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
  },
  liveItem: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  /** Paper, cover, drawer, confirmation: label and value side by side. */
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
    fontSize: tokens.fontSizeBase200,
    '& dt': { color: tokens.colorNeutralForeground2 },
    '& dd': { margin: 0 },
  },
});
