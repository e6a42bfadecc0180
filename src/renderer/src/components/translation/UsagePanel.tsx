import { Field, ProgressBar, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import type { TranslationUsage } from '../../../../shared/contract/translation-types';
import { useFormats, useText } from '../../i18n';
import { useFailureText } from './FailureMessage';

/** The account's characters this period (of its limit) and what the local cache saved, in all and per template. */
export function UsagePanel({ usage }: { usage: TranslationUsage }) {
  const t = useText();
  const { number } = useFormats();
  const failureText = useFailureText();
  const account = usage.account;
  const { total, templates } = usage.cache;
  return (
    <div className="translation-usage" data-testid="translation-usage">
      {account?.ok && (
        <Field
          label={t('trAccount')}
          hint={
            account.value.characterLimit > 0
              ? t('trAccountOf', { used: number(account.value.characterCount), limit: number(account.value.characterLimit) })
              : t('trAccountNoLimit', { used: number(account.value.characterCount) })
          }
        >
          <ProgressBar value={account.value.characterLimit > 0 ? Math.min(1, account.value.characterCount / account.value.characterLimit) : 0} />
        </Field>
      )}
      {/* Short: the same failure is told in full (with its trace id) beside the document form. */}
      {account && !account.ok && (
        <Text as="p" className="error">
          {t('trAccountFailed')} {failureText(account.failure).message}
        </Text>
      )}
      <Text as="p">{t('trCacheTotals', { hits: number(total.hits), billed: number(total.billedCharacters), sent: number(total.sentTexts) })}</Text>
      {templates.length > 0 && (
        <Table size="small" aria-label={t('trPerTemplate')} className="fixed-table translation-usage-table">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('trColTemplate')}</TableHeaderCell>
              <TableHeaderCell>{t('trColBilled')}</TableHeaderCell>
              <TableHeaderCell>{t('trColTexts')}</TableHeaderCell>
              <TableHeaderCell>{t('trColReused')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {templates.map((entry) => (
              <TableRow key={entry.template}>
                <TableCell>{entry.template === '' ? t('trTemplateNone') : entry.template}</TableCell>
                <TableCell>{number(entry.billedCharacters)}</TableCell>
                <TableCell>{number(entry.sentTexts)}</TableCell>
                <TableCell>{number(entry.hits)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
