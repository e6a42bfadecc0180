import { Button, Input, Select, Text } from '@fluentui/react-components';
import { ArrowLeft20Regular, ArrowRight20Regular } from '@fluentui/react-icons';
import type { TableColumn } from '../../../../shared/document/types';
import { useText } from '../../i18n';
import { moved, percentsOf, withPercent } from '../table-shares';
import { ChoiceField, useFieldState, withField, type FormProps } from './form-parts';

type Cell = string | number;

const columnsOf = (data: Record<string, unknown>): TableColumn[] => (Array.isArray(data['columns']) ? (data['columns'] as TableColumn[]) : []);
const rowsOf = (data: Record<string, unknown>): Cell[][] =>
  Array.isArray(data['rows']) ? (data['rows'] as Cell[][]).map((row) => (Array.isArray(row) ? row : [])) : [];

/** Columns (title, percentage of the line, alignment, order) and a grid of rows, one box per cell. */
export function TableForm({ data, onChange, problems }: FormProps) {
  const t = useText();
  const fieldState = useFieldState(problems);
  const columns = columnsOf(data);
  const rows = rowsOf(data);
  const setColumns = (next: TableColumn[], nextRows: Cell[][] = rows) => onChange({ ...data, columns: next, rows: nextRows });
  const setColumn = (index: number, column: TableColumn) => setColumns(columns.map((current, at) => (at === index ? column : current)));
  const setRows = (next: Cell[][]) => onChange({ ...data, rows: next });
  const setCell = (row: number, column: number, value: string) =>
    setRows(rows.map((cells, at) => (at === row ? columns.map((_, c) => (c === column ? value : (cells[c] ?? ''))) : cells)));
  const percents = percentsOf(columns.map((column) => column.width ?? 1));
  const setShares = (shares: number[]) => setColumns(columns.map((column, at) => ({ ...column, width: shares[at] ?? 1 })));
  const moveColumn = (from: number, to: number) =>
    setColumns(
      moved(columns, from, to),
      rows.map((cells) =>
        moved(
          columns.map((_, at) => cells[at] ?? ''),
          from,
          to,
        ),
      ),
    );
  // Each column of cells is as wide as its longest text (and its title), so no cell ever hides part of its text.
  const cellWidths = columns.map((column, index) => Math.max(6, (column.header ?? '').length, ...rows.map((cells) => String(cells[index] ?? '').length)) + 2);

  return (
    <>
      <fieldset className="designer-fieldset">
        <legend>{t('tableColumns')}</legend>
        <FieldProblem state={fieldState('columns')} />
        <div className="designer-column-cards">
          {columns.map((column, index) => {
            const n = index + 1;
            return (
              <div className="designer-column-card" role="group" aria-label={t('columnN', { n })} key={index}>
                <span className="designer-column-card-name">
                  <Text className="designer-column-card-title" aria-hidden>
                    {t('columnN', { n })}
                  </Text>
                  <Input
                    className="designer-column-header"
                    style={{
                      minWidth: `calc(${Math.max(8, (column.header ?? '').length + 2)}ch + 1.5rem)`,
                    }}
                    aria-label={t('columnHeader', { n })}
                    placeholder={t('columnHeaderPlaceholder')}
                    value={column.header ?? ''}
                    onChange={(_event, next) => setColumn(index, withField({ ...column }, 'header', next.value === '' ? undefined : next.value))}
                  />
                </span>
                <span className="designer-column-card-controls">
                  <Input
                    className="designer-column-share"
                    type="number"
                    min={1}
                    max={100}
                    contentAfter="%"
                    disabled={columns.length <= 1}
                    aria-label={t('columnWidth', { n })}
                    value={String(percents[index] ?? 100)}
                    onChange={(_event, next) => {
                      const value = Number(next.value);
                      if (next.value !== '' && value > 0) setShares(withPercent(percents, index, value));
                    }}
                  />
                  <Select
                    className="designer-column-align"
                    aria-label={t('columnAlign', { n })}
                    value={column.align ?? 'left'}
                    onChange={(_event, next) =>
                      setColumn(index, {
                        ...column,
                        align: next.value === 'right' ? 'right' : next.value === 'center' ? 'center' : 'left',
                      })
                    }
                  >
                    <option value="left">{t('align_left')}</option>
                    <option value="center">{t('align_center')}</option>
                    <option value="right">{t('align_right')}</option>
                  </Select>
                </span>
                <span className="designer-column-card-order">
                  <Button
                    appearance="subtle"
                    icon={<ArrowLeft20Regular />}
                    aria-label={t('moveColumnLeft', { n })}
                    disabled={index === 0}
                    onClick={() => moveColumn(index, index - 1)}
                  />
                  <Button
                    appearance="subtle"
                    icon={<ArrowRight20Regular />}
                    aria-label={t('moveColumnRight', { n })}
                    disabled={index === columns.length - 1}
                    onClick={() => moveColumn(index, index + 1)}
                  />
                  <Button
                    appearance="subtle"
                    aria-label={t('removeColumn', { n })}
                    disabled={columns.length <= 1}
                    onClick={() => {
                      // The others share the line again, still in whole percentages adding up to 100.
                      const kept = columns.filter((_, at) => at !== index);
                      const shares = percentsOf(kept.map((other) => other.width ?? 1));
                      setColumns(
                        kept.map((other, at) => ({
                          ...other,
                          width: shares[at] ?? 1,
                        })),
                        rows.map((cells) => cells.filter((_, at) => at !== index)),
                      );
                    }}
                  >
                    ✕
                  </Button>
                </span>
              </div>
            );
          })}
        </div>
        <Text size={200} className="designer-share-total" data-testid="column-share-total">
          {t('columnShareTotal', {
            total: percents.reduce((sum, percent) => sum + percent, 0),
          })}
        </Text>
        <Button
          onClick={() =>
            setColumns(
              [...columns, { header: '', width: 1 }],
              rows.map((cells) => [...cells, '']),
            )
          }
        >
          {t('addColumn')}
        </Button>
      </fieldset>
      <fieldset className="designer-fieldset">
        <legend>{t('tableRows')}</legend>
        <FieldProblem state={fieldState('rows')} />
        <div
          className="designer-cells"
          style={{
            gridTemplateColumns: `${cellWidths.map((chars) => `minmax(calc(${chars}ch + 1.5rem), 1fr)`).join(' ')} auto`,
          }}
        >
          {rows.map((cells, row) => (
            <div className="designer-table-row" key={row}>
              {columns.map((column, index) => (
                <Input
                  key={index}
                  aria-label={t('cellLabel', {
                    row: row + 1,
                    column: column.header || index + 1,
                  })}
                  value={String(cells[index] ?? '')}
                  onChange={(_event, next) => setCell(row, index, next.value)}
                />
              ))}
              <Button appearance="subtle" aria-label={t('removeRow', { n: row + 1 })} onClick={() => setRows(rows.filter((_, at) => at !== row))}>
                ✕
              </Button>
            </div>
          ))}
        </div>
        <Button onClick={() => setRows([...rows, columns.map(() => '')])}>{t('addRow')}</Button>
      </fieldset>
      <ChoiceField label="field_font" name="font" defaultLabel={t('font_a')} options={[{ value: 'b', label: t('font_b') }]} data={data} onChange={onChange} />
    </>
  );
}

/** A problem with the columns or rows as a whole, above them. */
function FieldProblem({ state }: { state: { validationMessage?: string } }) {
  return state.validationMessage ? (
    <Text role="alert" size={200} className="error">
      {state.validationMessage}
    </Text>
  ) : null;
}
