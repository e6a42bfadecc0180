import { Tooltip, type TooltipProps } from '@fluentui/react-components';
import { cloneElement, useState, type PointerEvent, type ReactElement, type SyntheticEvent } from 'react';

interface TriggerProps {
  onClick?(event: SyntheticEvent<HTMLElement>): void;
  onPointerDown?(event: PointerEvent<HTMLElement>): void;
}

type ClickTooltipProps = Omit<TooltipProps, 'visible' | 'onVisibleChange' | 'children'> & { children: ReactElement<TriggerProps> };

/**
 * After a press no tooltip shows until the pointer really moves or focus moves on (the keyboard's Tab): the one of
 * the pressed button would cover what the click just changed, and a list that moved under a still pointer (a block
 * moved down) would otherwise pop up the tooltip of whatever button is under it now.
 */
let quiet = false;
let listening = false;
function quietUntilMoved(): void {
  quiet = true;
  if (listening) return;
  listening = true;
  // A layout change makes the browser send a pointer event too, without movement: only a real one ends the quiet.
  document.addEventListener('pointermove', (event) => {
    if (event.movementX !== 0 || event.movementY !== 0) quiet = false;
  }, { capture: true, passive: true });
  document.addEventListener('focusin', () => {
    quiet = false;
  }, { capture: true });
}

/** A Fluent tooltip that goes away once its control is pressed (see `quietUntilMoved`). */
export function ClickTooltip({ children, ...tooltip }: ClickTooltipProps) {
  const [visible, setVisible] = useState(false);
  const press = (): void => {
    quietUntilMoved();
    setVisible(false);
  };
  const own = children.props;
  const trigger = cloneElement(children, {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      own.onPointerDown?.(event);
      press();
    },
    // After the pointer's press the control takes focus (which would end the quiet): the click sets it again.
    onClick: (event: SyntheticEvent<HTMLElement>) => {
      own.onClick?.(event);
      press();
    },
  });
  return (
    <Tooltip {...tooltip} visible={visible} onVisibleChange={(_event, data) => setVisible(data.visible && !quiet)}>
      {trigger}
    </Tooltip>
  );
}
