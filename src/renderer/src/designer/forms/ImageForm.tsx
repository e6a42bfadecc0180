import { Button, Field, Input, Slider, Text } from '@fluentui/react-components';
import { useRef, useState, type ChangeEvent } from 'react';
import { useText } from '../../i18n';
import { AlignField, ChoiceField, useFieldState, withField, type FormPaper, type FormProps } from './form-parts';

/** Bigger pictures make print jobs the service refuses; the schema caps the printed width, this caps the upload. */
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** The schema's narrowest picture, in dots. */
const MIN_WIDTH_DOTS = 8;

/** Upload a PNG or JPEG; choose how it turns into ink and how wide it prints. The receipt preview shows the result. */
export function ImageForm({ data, onChange, problems, paper }: FormProps) {
  const t = useText();
  const fieldState = useFieldState(problems);
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploadError, setUploadError] = useState<string | undefined>(undefined);
  const image = typeof data['image'] === 'string' ? data['image'] : '';
  const source = image === '' ? undefined : image.startsWith('data:') ? image : `data:image/png;base64,${image}`;
  const dither = typeof data['dither'] === 'string' ? data['dither'] : undefined;
  const threshold = typeof data['threshold'] === 'number' ? data['threshold'] : 128;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!/^image\/(png|jpeg)$/.test(file.type)) return setUploadError(t('imageType'));
    if (file.size > MAX_IMAGE_BYTES) return setUploadError(t('imageTooBig', { max: '2 MB' }));
    setUploadError(undefined);
    onChange(withField(data, 'image', await readAsDataUrl(file)));
  };

  const uploadState = uploadError ? { validationState: 'error' as const, validationMessage: uploadError } : fieldState('image');
  return (
    <>
      <Field label={t('field_image')} hint={t('imageHint')} {...uploadState}>
        <div className="designer-form-row">
          <input ref={fileInput} className="designer-file" type="file" tabIndex={-1} aria-hidden accept="image/png,image/jpeg" onChange={(event) => void upload(event)} />
          <Button onClick={() => fileInput.current?.click()}>
            {image === '' ? t('chooseImage') : t('replaceImage')}
          </Button>
          {source && <img className="designer-thumb" src={source} alt={t('imageOriginal')} />}
        </div>
      </Field>
      <ChoiceField
        label="imagePrint"
        name="dither"
        defaultLabel={t('imagePrint_auto')}
        options={[
          { value: 'threshold', label: t('imagePrint_logo') },
          { value: 'floyd-steinberg', label: t('imagePrint_photo') },
          { value: 'atkinson', label: t('imagePrint_photoLight') },
        ]}
        data={data}
        onChange={onChange}
      />
      {dither === 'threshold' && (
        <Field label={t('imageDarkness')} hint={t('imageDarknessHint')}>
          <Slider min={1} max={254} value={threshold} onChange={(_event, next) => onChange(withField(data, 'threshold', next.value))} />
        </Field>
      )}
      <Text size={200}>{t('ditherHint')}</Text>
      <WidthField data={data} onChange={onChange} paper={paper} />
      <AlignField data={data} onChange={onChange} />
    </>
  );
}

/**
 * How wide the picture prints, in millimetres of paper (the document keeps dots: the printer's head decides how many
 * make a millimetre). Empty: the picture's own width, at most the paper's.
 */
function WidthField({ data, onChange, paper }: Pick<FormProps, 'data' | 'onChange' | 'paper'>) {
  const t = useText();
  const max = Math.floor(paper.dots / paper.dotsPerMm);
  const width = data['width'];
  const shown = typeof width === 'number' ? String(Math.round(width / paper.dotsPerMm)) : '';
  const bad = typeof width === 'number' && (width < MIN_WIDTH_DOTS || width > paper.dots);
  const range = t('imageWidthMmRange', { max });
  return (
    <Field label={t('imageWidthMm')} hint={t('imageWidthMmHint', { max })} {...(bad ? { validationState: 'error' as const, validationMessage: range } : {})}>
      <Input
        type="number"
        min={1}
        max={max}
        value={shown}
        onChange={(_event, next) => onChange(withField(data, 'width', next.value === '' ? undefined : dotsOf(Number(next.value), paper)))}
      />
    </Field>
  );
}

const dotsOf = (mm: number, paper: FormPaper): number => Math.max(MIN_WIDTH_DOTS, Math.round(mm * paper.dotsPerMm));
