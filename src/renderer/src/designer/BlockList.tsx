import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useText } from '../i18n';
import type { BlockProblem } from './block-errors';
import type { BlockWarning } from './block-warnings';
import { BlockItem } from './BlockItem';

export interface BlockListProps {
  ids: string[];
  commands: unknown[];
  selected: number | undefined;
  problems: BlockProblem[][];
  warnings: BlockWarning[][];
  onSelect(index: number): void;
  onMove(from: number, to: number): void;
  onDuplicate(index: number): void;
  onRemove(index: number): void;
}

/** The receipt as blocks, top to bottom: drag (pointer or keyboard on the handle) or the arrow buttons reorder them. */
export function BlockList(props: BlockListProps) {
  const t = useText();
  const { ids } = props;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const position = (id: string | number | undefined): number => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dragStart', { n: position(active.id) }),
    onDragOver: ({ over }) => (over ? t('dragOver', { n: position(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('dragEnd', { from: position(active.id), to: position(over.id) }) : t('dragCancel')),
    onDragCancel: () => t('dragCancel'),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    props.onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t('dragInstructions') } }}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="designer-blocks" aria-label={t('blocks')}>
          {ids.map((id, index) => (
            <BlockItem
              key={id}
              id={id}
              index={index}
              count={ids.length}
              command={props.commands[index]}
              selected={props.selected === index}
              problems={props.problems[index] ?? []}
              warnings={props.warnings[index] ?? []}
              onSelect={() => props.onSelect(index)}
              onMove={(to) => props.onMove(index, to)}
              onDuplicate={() => props.onDuplicate(index)}
              onRemove={() => props.onRemove(index)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
