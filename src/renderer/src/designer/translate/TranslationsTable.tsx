import { useEffect, useRef } from 'react';
import { Badge, Field, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Textarea } from '@fluentui/react-components';
import type { TextTranslation } from '../../../../shared/contract/translation-types';
import { useFormats, useText, type TextKey } from '../../i18n';
import type { ReceiptText } from './receipt-texts';

const PLACEHOLDER = /\{\{[^{}]*\}\}/g;
const placeholdersOf = (text: string): string[] => text.match(PLACEHOLDER) ?? [];

const PLACE_TEXT: Record<ReceiptText['place']['kind'], TextKey> = { text: 'trPlace_text', header: 'trPlace_header', cell: 'trPlace_cell' };

function placeLabel(entry: ReceiptText, t: ReturnType<typeof useText>): string {
  const { place } = entry;
  return t(PLACE_TEXT[place.kind], {
    n: entry.block + 1,
    ...(place.kind !== 'text' ? { column: place.column + 1 } : {}),
    ...(place.kind === 'cell' ? { row: place.row + 1 } : {}),
  });
}

/**
 * Each text of the receipt beside its translation, which the owner can change: the service's answer (with what each
 * text cost), or what the owner types by hand (`results` absent: nothing was billed). An empty translation keeps the
 * original (see withTranslations), so only a filled one that dropped a placeholder is warned about. `focusFirst` puts
 * the cursor in the first field when typing by hand begins (the button that began it is gone by then).
 */
export function TranslationsTable(props: { texts: readonly ReceiptText[]; edited: readonly string[]; language: string; results?: readonly TextTranslation[] | undefined; focusFirst?: boolean; onEdit(index: number, text: string): void }) {
  const { texts, edited, results, focusFirst } = props;
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusFirst) frame.current?.querySelector('textarea')?.focus();
  }, [focusFirst]);
  const t = useText();
  const { number } = useFormats();
  return (
    <div className="translate-table-scroll" ref={frame}>
      <Table size="small" aria-label={t('trTranslateTitle')} className="translate-table">
        <TableHeader>
          <TableRow>
            <TableHeaderCell className="translate-col-where">{t('trColWhere')}</TableHeaderCell>
            <TableHeaderCell>{t('trColOriginal')}</TableHeaderCell>
            <TableHeaderCell>
              {t('trColTranslation')} · {props.language}
            </TableHeaderCell>
            {results && <TableHeaderCell className="translate-col-billed">{t('trColBilled')}</TableHeaderCell>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {texts.map((entry, index) => {
            const translation = edited[index] ?? '';
            const lost = translation.trim() === '' ? [] : placeholdersOf(entry.text).filter((placeholder) => !translation.includes(placeholder));
            const result = results?.[index];
            return (
              <TableRow key={`${entry.block}-${index}`} data-testid={`translate-row-${index + 1}`}>
                <TableCell className="translate-col-where">{placeLabel(entry, t)}</TableCell>
                <TableCell>
                  <span dir="auto">{entry.text}</span>
                </TableCell>
                <TableCell>
                  <Field {...(lost.length > 0 ? { validationState: 'warning' as const, validationMessage: t('trPlaceholderLost', { names: lost.join(', ') }) } : {})}>
                    <Textarea
                      dir="auto"
                      rows={1}
                      resize="vertical"
                      aria-label={t('trTranslationOf', { text: entry.text })}
                      value={translation}
                      onChange={(_event, data) => props.onEdit(index, data.value)}
                    />
                  </Field>
                </TableCell>
                {results && (
                  <TableCell className="translate-col-billed">
                    {number(result?.billedCharacters ?? 0)}
                    {result?.cached && (
                      <Badge appearance="tint" color="informative" className="translate-cached">
                        {t('trCached')}
                      </Badge>
                    )}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
