import { makeStyles, tokens } from '@fluentui/react-components';

export const useCampusStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  figure: { display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, minWidth: 0 },
  count: { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: tokens.fontWeightSemibold },
  staleCount: { color: tokens.colorNeutralForeground3 },
  muted: { color: tokens.colorNeutralForeground3 },
  help: { maxWidth: '28rem' },
  days: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, margin: 0, padding: 0, listStyle: 'none' },
  day: { minWidth: 0 },
  dayTitle: { margin: `0 0 ${tokens.spacingVerticalXS}`, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  changes: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXXL, overflowWrap: 'anywhere' },
});
