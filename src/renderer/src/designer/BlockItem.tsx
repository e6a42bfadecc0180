import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Text } from '@fluentui/react-components';
import { ClickTooltip } from '../components/ClickTooltip';
import type { ReactNode } from 'react';
import { useText } from '../i18n';
import type { BlockProblem } from './block-errors';
import type { BlockWarning } from './block-warnings';
import { blockNameKey } from './block-names';
import { dataOf, summaryOf, typeOf } from './blocks';

interface BlockItemProps {
  id: string;
  index: number;
  count: number;
  command: unknown;
  selected: boolean;
  problems: BlockProblem[];
  warnings: BlockWarning[];
  onSelect(): void;
  onMove(to: number): void;
  onDuplicate(): void;
  onRemove(): void;
}

/** One block in the list: its handle, name and summary (a button that opens its form), its problems, its actions. */
export function BlockItem(props: BlockItemProps) {
  const t = useText();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: props.id });
  const n = props.index + 1;
  const name = t(blockNameKey(typeOf(props.command)));
  const summary = summaryOf(props.command);
  const thumbnail = thumbnailOf(props.command);
  const invalid = props.problems.length > 0;
  const warned = !invalid && props.warnings.length > 0;
  const classes = ['designer-block', props.selected ? 'selected' : '', invalid ? 'invalid' : '', warned ? 'warned' : '', isDragging ? 'dragging' : ''].filter(Boolean).join(' ');
  const action = (label: string, glyph: ReactNode, onClick: () => void, disabled = false) => (
    <ClickTooltip content={label} relationship="label" withArrow>
      <Button size="small" appearance="subtle" disabled={disabled} onClick={onClick}>
        {glyph}
      </Button>
    </ClickTooltip>
  );
  return (
    <li ref={setNodeRef} className={classes} style={{ transform: CSS.Transform.toString(transform), transition }} data-testid={`block-${n}`}>
      <button type="button" ref={setActivatorNodeRef} className="designer-handle" {...attributes} {...listeners} aria-label={t('dragBlock', { n, name })}>
        ⠿
      </button>
      <button type="button" className="designer-block-main" aria-pressed={props.selected} onClick={props.onSelect}>
        <span className="designer-block-title">
          <span className="designer-block-number">{n}</span> {name}
          {invalid && <span className="designer-block-flag"> · {t('hasProblem')}</span>}
          {warned && <span className="designer-block-flag warning"> · {t('hasWarning')}</span>}
        </span>
        {summary !== '' && <span className="designer-block-summary">{summary}</span>}
        {thumbnail && <img className="designer-block-thumb" src={thumbnail} alt="" data-testid={`block-${n}-thumb`} />}
      </button>
      <span className="designer-block-actions">
        {action(t('moveUp', { n }), '↑', () => props.onMove(props.index - 1), props.index === 0)}
        {action(t('moveDown', { n }), '↓', () => props.onMove(props.index + 1), props.index === props.count - 1)}
        {action(t('duplicate', { n }), <CopyGlyph />, props.onDuplicate)}
        {action(t('deleteBlock', { n }), '✕', props.onRemove)}
      </span>
      {invalid && (
        <div className="designer-block-problems" role="alert">
          {props.problems.map((problem, at) => (
            <Text as="p" block size={200} key={at}>
              <strong>{t('blockPosition', { n })}:</strong> {t(problem.key, problem.values)}
              {problem.detail && <span className="designer-block-detail"> ({problem.detail})</span>}
            </Text>
          ))}
        </div>
      )}
      {props.warnings.length > 0 && (
        <div className="designer-block-warnings" data-testid={`block-${n}-warnings`}>
          {props.warnings.map((warning, at) => (
            <Text as="p" block size={200} key={at}>
              {t(warning.key, warning.values)}
            </Text>
          ))}
        </div>
      )}
    </li>
  );
}

/** A picture block's picture, small in the list: the owner sees which logo it is without opening it. */
function thumbnailOf(command: unknown): string | undefined {
  if (typeOf(command) !== 'image') return undefined;
  const image = dataOf(command)['image'];
  if (typeof image !== 'string' || image === '') return undefined;
  return image.startsWith('data:') ? image : `data:image/png;base64,${image}`;
}

/** Two overlapping sheets: system fonts lack a reliable "duplicate" character. */
function CopyGlyph() {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden focusable="false">
      <rect x="4.5" y="0.5" width="9" height="9" rx="1" fill="none" stroke="currentColor" />
      <path d="M2.5 3.5h-1a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1v-1" fill="none" stroke="currentColor" />
    </svg>
  );
}
