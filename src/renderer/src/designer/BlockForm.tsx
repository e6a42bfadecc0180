import { Text } from '@fluentui/react-components';
import type { ComponentType } from 'react';
import type { CommandType, PrintCommand } from '../../../shared/document/types';
import { useText } from '../i18n';
import type { BlockProblem } from './block-errors';
import { dataOf, isKnownType, typeOf } from './blocks';
import { BarcodeForm } from './forms/BarcodeForm';
import type { FormPaper, FormProps } from './forms/form-parts';
import { ImageForm } from './forms/ImageForm';
import { QrForm } from './forms/QrForm';
import { BeepForm, CutForm, DrawerForm, FeedForm, LineForm, RawForm } from './forms/SimpleForms';
import { TableForm } from './forms/TableForm';
import { TextForm } from './forms/TextForm';

const FORMS: Record<CommandType, ComponentType<FormProps>> = {
  text: TextForm,
  line: LineForm,
  table: TableForm,
  qr: QrForm,
  barcode: BarcodeForm,
  image: ImageForm,
  feed: FeedForm,
  cut: CutForm,
  drawer: DrawerForm,
  beep: BeepForm,
  raw: RawForm,
};

/** The form made for the selected block's type; its edits replace the command as a whole. */
export function BlockForm({ command, problems, paper, onChange }: { command: unknown; problems: BlockProblem[]; paper: FormPaper; onChange(command: PrintCommand): void }) {
  const t = useText();
  const type = typeOf(command);
  if (!isKnownType(type)) return <Text>{t('unknownBlock')}</Text>;
  const Form = FORMS[type];
  const data = dataOf(command);
  return (
    <div className="designer-form">
      <Form data={data} problems={problems} paper={paper} onChange={(next) => onChange({ type, data: next } as PrintCommand)} />
    </div>
  );
}
