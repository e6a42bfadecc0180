import { makeStyles, tokens } from '@fluentui/react-components';

/** Layout of the admin page: wraps to one column at 800 px and never scrolls sideways. */
export const useAdminStyles = makeStyles({
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    alignItems: 'flex-end',
  },
  grow: { flex: '1 1 14rem', maxWidth: '24rem' },
  day: { flex: '0 1 10rem', minWidth: '9rem' },
  select: { flex: '0 1 11rem', minWidth: '9rem' },
  presets: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    minWidth: 0,
  },
  sectionTitle: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  totals: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
    gap: tokens.spacingHorizontalM,
    margin: 0,
  },
  total: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    margin: 0,
  },
  totalName: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  totalValue: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
  },
  charts: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    '@media (max-width: 1100px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  chart: {
    margin: 0,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    minWidth: 0,
    // A tooltip left open while the window shrinks must not widen the page until the chart catches up.
    overflow: 'hidden',
  },
  chartTitle: {
    margin: `0 0 ${tokens.spacingVerticalS}`,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
  },
  numeric: {
    textAlign: 'end',
    fontVariantNumeric: 'tabular-nums',
    // A header cell lays its text out in a flex box: line it up with the figures below.
    '& .fui-TableHeaderCell__button': { justifyContent: 'flex-end', textAlign: 'end' },
  },
  /** A form whose field has a hint: the button lines up with the input, not with the hint under it. */
  formWithHint: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    alignItems: 'flex-start',
  },
  /** The height of a field's label (20 px line + 2 px gap), so a button sits level with the input. */
  besideInput: { marginTop: '22px' },
  keyId: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
  rangeNote: { alignSelf: 'flex-end', paddingBottom: tokens.spacingVerticalS, color: tokens.colorNeutralForeground2 },
  limits: { display: 'flex', flexDirection: 'column', color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  rename: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  labelText: { flex: '1 1 8rem', minWidth: 0 },
  dialogFields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  limitRow: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  muted: { color: tokens.colorNeutralForeground2 },
  /** Read by screen readers, not shown. */
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
});
