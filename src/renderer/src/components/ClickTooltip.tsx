import { Tooltip, type TooltipProps } from '@fluentui/react-components';
import { cloneElement, useState, type MouseEvent, type PointerEvent, type ReactElement } from 'react';

interface TriggerProps {
  onClick?(event: MouseEvent<HTMLElement>): void;
  onPointerDown?(event: PointerEvent<HTMLElement>): void;
}

type ClickTooltipProps = Omit<TooltipProps, 'visible' | 'onVisibleChange' | 'children'> & { children: ReactElement<TriggerProps> };

/**
 * After a press no tooltip shows until the pointer really moves away from where it pressed, or a key is used (the
 * keyboard's Tab shows the next control's name): the pressed button's tooltip would cover what the click just
 * changed, and a list that moved under a still pointer (a block moved down) would otherwise pop up the tooltip of
 * whatever button is under it now.
 */
const MOVED_PX = 3;
let quietAt: { x: number; y: number } | undefined;
let listening = false;
function quietUntilMoved(x: number, y: number): void {
  quietAt = { x, y };
  if (listening) return;
  listening = true;
  // The browser also sends pointer events when the page moves under a still pointer: only a real move counts.
  document.addEventListener(
    'pointermove',
    (event) => {
      if (quietAt && Math.hypot(event.clientX - quietAt.x, event.clientY - quietAt.y) > MOVED_PX) quietAt = undefined;
    },
    { capture: true, passive: true },
  );
  document.addEventListener('keydown', () => (quietAt = undefined), { capture: true });
}

/** A Fluent tooltip that goes away once its control is pressed (see `quietUntilMoved`). */
export function ClickTooltip({ children, ...tooltip }: ClickTooltipProps) {
  const [visible, setVisible] = useState(false);
  const press = (x: number, y: number): void => {
    quietUntilMoved(x, y);
    setVisible(false);
  };
  const own = children.props;
  const trigger = cloneElement(children, {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      own.onPointerDown?.(event);
      press(event.clientX, event.clientY);
    },
    // A click from the keyboard (Enter, Space) has no pointer: the quiet then ends with the next key or move.
    onClick: (event: MouseEvent<HTMLElement>) => {
      own.onClick?.(event);
      press(event.clientX, event.clientY);
    },
  });
  return (
    <Tooltip {...tooltip} visible={visible} onVisibleChange={(_event, data) => setVisible(data.visible && quietAt === undefined)}>
      {trigger}
    </Tooltip>
  );
}
