import { Field, Text } from '@fluentui/react-components';
import type { PaperGeometry } from '../../../shared/document/paper';
import { profileFor } from '../../../shared/printer-profiles/find-profile';
import { GENERIC_PROFILE } from '../../../shared/printer-profiles/profiles';
import { PrinterModelSelect } from '../components/printers/PrinterModelSelect';
import { useText } from '../i18n';

export interface PrinterModelPickerProps {
  /** `profile.model` of the document ('epson', a model id, or none). */
  documentModel: string | undefined;
  /** Where the ticket goes (the document's printer or the default one), when known. */
  printerName: string | undefined;
  /** The model set for that printer on the Printers page, when one is. */
  printerModel: string | undefined;
  /** The roll as the receipt will print: what the choice changes, said in words. */
  geometry: PaperGeometry;
  disabled: boolean;
  onChoose(model: string | undefined): void;
}

/**
 * The model the receipt is laid out for: by default the one of the printer tickets go to (a TM-T88 prints 512 dots
 * and 42 columns where most print 576 and 48), or a model named in the template, which then prints that way anywhere.
 */
export function PrinterModelPicker({ documentModel, printerName, printerModel, geometry, disabled, onChoose }: PrinterModelPickerProps) {
  const t = useText();
  const named = profileFor(documentModel);
  const value = named.id === GENERIC_PROFILE.id ? '' : named.id;
  const printerProfile = profileFor(printerModel);
  const printerModelName = printerProfile.id === GENERIC_PROFILE.id ? t('printerModelGeneric') : printerProfile.name;
  const first = printerName ? t('modelOfPrinter', { printer: printerName, model: printerModelName }) : t('modelOfTicketPrinter', { model: printerModelName });
  // A template made for one model and sent to a printer set to another prints with the template's layout.
  const mismatch = value !== '' && printerModel !== undefined && printerProfile.id !== GENERIC_PROFILE.id && printerProfile.id !== named.id;
  return (
    <div className="designer-model">
      <Field label={t('printerModelField')} orientation="horizontal" className="designer-model-field">
        {/* The generic model is the first choice: "the ticket printer's model". */}
        <PrinterModelSelect value={value} firstChoice={first} disabled={disabled} onChange={(next) => onChoose(next === '' ? undefined : next)} />
      </Field>
      <Text size={200} className="designer-geometry" data-testid="designer-geometry">
        {t('geometryWords', { mm: geometry.paperMm, columns: geometry.columnsA, dots: geometry.dots })}
      </Text>
      {mismatch && (
        <Text size={200} className="warning designer-model-mismatch" data-testid="designer-model-mismatch">
          {t('modelMismatch', { model: named.name, printer: printerName ?? '', printerModel: printerProfile.name })}
        </Text>
      )}
    </div>
  );
}
