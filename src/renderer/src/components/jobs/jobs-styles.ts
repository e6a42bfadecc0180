import { makeStyles, tokens } from '@fluentui/react-components';

/** Layout of the Jobs page and its detail: wraps to one column at 800 px, never scrolls sideways. */
export const useJobsStyles = makeStyles({
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    alignItems: 'flex-start',
  },
  search: {
    flex: '1 1 14rem',
    maxWidth: '26rem',
  },
  select: {
    // Wide enough for "Todas las impresoras" in full; they share what is left of the row.
    flex: '1 1 12rem',
    minWidth: '12rem',
    // A <select> is as wide as its longest option ("Todas las impresoras") unless told otherwise: it ran 10 px past
    // the page's edge at 800 px (issue 24). It takes its field's width; a long printer name is cut with an ellipsis.
    '& select': {
      minWidth: 0,
      width: '100%',
      textOverflow: 'ellipsis',
    },
  },
  day: {
    flex: '0 1 10rem',
    minWidth: '9rem',
  },
  clear: {
    alignSelf: 'flex-end',
    marginBottom: '2px',
  },
  dialogSurface: {
    width: 'min(960px, calc(100vw - 32px))',
    maxWidth: 'min(960px, calc(100vw - 32px))',
  },
  detail: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.1fr)',
    gap: tokens.spacingHorizontalXL,
    alignItems: 'start',
    '@media (max-width: 760px)': {
      gridTemplateColumns: 'minmax(0, 1fr)',
    },
  },
  preview: {
    maxHeight: 'min(55vh, 520px)',
    overflowY: 'auto',
    overflowX: 'hidden',
    padding: tokens.spacingHorizontalS,
    // White like the paper (and the muted notes keep their contrast on it); the border marks the box.
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    '& img': {
      display: 'block',
      maxWidth: '100%',
      height: 'auto',
      marginInline: 'auto',
      backgroundColor: '#fff',
      boxShadow: tokens.shadow4,
    },
  },
  sectionTitle: {
    margin: `0 0 ${tokens.spacingVerticalS}`,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  timeline: {
    listStyle: 'none',
    margin: `0 0 ${tokens.spacingVerticalL}`,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  /** A reprinted job: one numbered group of steps per print. */
  prints: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  step: {
    display: 'grid',
    gridTemplateColumns: '12px minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalS,
  },
  dot: {
    width: '10px',
    height: '10px',
    marginTop: '5px',
    borderRadius: '50%',
    backgroundColor: tokens.colorNeutralForeground3,
  },
  dotDone: { backgroundColor: tokens.colorPaletteGreenForeground1 },
  dotFailed: { backgroundColor: tokens.colorPaletteRedForeground1 },
  dotPending: {
    backgroundColor: 'transparent',
    border: `2px solid ${tokens.colorNeutralForeground3}`,
    boxSizing: 'border-box',
  },
  when: {
    display: 'block',
    color: tokens.colorNeutralForeground2,
    fontVariantNumeric: 'tabular-nums',
  },
  note: {
    color: tokens.colorNeutralForeground2,
  },
  actions: {
    flexWrap: 'wrap',
  },
  /** Fluent's dialog grid squeezes short answers onto two lines otherwise. */
  answer: {
    whiteSpace: 'nowrap',
    maxWidth: 'none',
  },
  drawer: {
    marginTop: tokens.spacingVerticalXL,
  },
  drawerTable: {
    maxWidth: '40rem',
  },
  wrapCell: {
    overflowWrap: 'anywhere',
  },
});
