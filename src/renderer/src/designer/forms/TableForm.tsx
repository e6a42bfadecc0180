import { Button, Input, Select, Text } from '@fluentui/react-components';
import type { TableColumn } from '../../../../shared/document/types';
import { useText } from '../../i18n';
import { ChoiceField, useFieldState, withField, type FormProps } from './form-parts';

type Cell = string | number;

const columnsOf = (data: Record<string, unknown>): TableColumn[] => (Array.isArray(data['columns']) ? (data['columns'] as TableColumn[]) : []);
const rowsOf = (data: Record<string, unknown>): Cell[][] => (Array.isArray(data['rows']) ? (data['rows'] as Cell[][]).map((row) => (Array.isArray(row) ? row : [])) : []);

/** Columns (title, share of the line, alignment) and a grid of rows, one box per cell. */
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
  const total = columns.reduce((sum, column) => sum + (column.width ?? 1), 0);

  return (
    <>
      <fieldset className="designer-fieldset">
        <legend>{t('tableColumns')}</legend>
        <FieldProblem state={fieldState('columns')} />
        <div className="designer-table-grid">
            {columns.map((column, index) => {
              const n = index + 1;
              const width = column.width ?? 1;
              return (
                <div className="designer-column-row" key={index}>
                  <Input aria-label={t('columnHeader', { n })} placeholder={t('columnHeader', { n })} value={column.header ?? ''} onChange={(_event, next) => setColumn(index, withField({ ...column }, 'header', next.value === '' ? undefined : next.value))} />
                  <Input
                    type="number"
                    min={1}
                    aria-label={t('columnWidth', { n })}
                    value={String(width)}
                    onChange={(_event, next) => {
                      const value = Number(next.value);
                      if (next.value !== '' && value > 0) setColumn(index, { ...column, width: value });
                    }}
                  />
                  <Text size={200} className="designer-share" aria-hidden>
                    {Math.round((width / total) * 100)}%
                  </Text>
                  <Select aria-label={t('columnAlign', { n })} value={column.align ?? 'left'} onChange={(_event, next) => setColumn(index, { ...column, align: next.value === 'right' ? 'right' : next.value === 'center' ? 'center' : 'left' })}>
                    <option value="left">{t('align_left')}</option>
                    <option value="center">{t('align_center')}</option>
                    <option value="right">{t('align_right')}</option>
                  </Select>
                  <Button
                    appearance="subtle"
                    aria-label={t('removeColumn', { n })}
                    disabled={columns.length <= 1}
                    onClick={() => setColumns(columns.filter((_, at) => at !== index), rows.map((cells) => cells.filter((_, at) => at !== index)))}
                  >
                    ✕
                  </Button>
                </div>
              );
            })}
        </div>
        <Button onClick={() => setColumns([...columns, { header: '', width: 1 }], rows.map((cells) => [...cells, '']))}>{t('addColumn')}</Button>
      </fieldset>
      <fieldset className="designer-fieldset">
        <legend>{t('tableRows')}</legend>
        <FieldProblem state={fieldState('rows')} />
        <div className="designer-table-grid">
            {rows.map((cells, row) => (
              <div className="designer-table-row" key={row}>
                {columns.map((column, index) => (
                  <Input
                    key={index}
                    aria-label={t('cellLabel', { row: row + 1, column: column.header || index + 1 })}
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
