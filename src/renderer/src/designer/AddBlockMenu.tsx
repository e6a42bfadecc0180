import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import type { CommandType } from '../../../shared/document/types';
import { useText } from '../i18n';
import { blockNameKey } from './block-names';
import { BLOCK_TYPES } from './blocks';

/** Inserts a new block right after `after` (or at the end when nothing is selected). */
export function AddBlockMenu({ after, disabled, onAdd }: { after: number | undefined; disabled: boolean; onAdd(type: CommandType, at: number | undefined): void }) {
  const t = useText();
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="primary" disabled={disabled}>
          {after === undefined ? t('addBlockEnd') : t('addBlockAfter', { n: after + 1 })}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {BLOCK_TYPES.map((type) => (
            <MenuItem key={type} onClick={() => onAdd(type, after === undefined ? undefined : after + 1)}>
              {t(blockNameKey(type))}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
