import { Button, Field, Slider, Text } from '@fluentui/react-components';
import { useRef, useState, type ChangeEvent } from 'react';
import { useText } from '../../i18n';
import { AlignField, ChoiceField, NumberField, useFieldState, withField, type FormProps } from './form-parts';

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

/** Upload a PNG or JPEG; choose how grey becomes black dots. The receipt preview shows the printed result. */
export function ImageForm({ data, onChange, problems }: FormProps) {
  const t = useText();
  const fieldState = useFieldState(problems);
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploadError, setUploadError] = useState<string | undefined>(undefined);
  const image = typeof data['image'] === 'string' ? data['image'] : '';
  const source = image === '' ? undefined : image.startsWith('data:') ? image : `data:image/png;base64,${image}`;
  const dither = typeof data['dither'] === 'string' ? data['dither'] : 'floyd-steinberg';
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
        label="field_dither"
        name="dither"
        defaultLabel={t('dither_floyd')}
        options={[
          { value: 'atkinson', label: t('dither_atkinson') },
          { value: 'threshold', label: t('dither_threshold') },
        ]}
        data={data}
        onChange={onChange}
      />
      {dither === 'threshold' && (
        <Field label={t('field_threshold', { value: threshold })}>
          <Slider min={1} max={254} value={threshold} onChange={(_event, next) => onChange(withField(data, 'threshold', next.value))} />
        </Field>
      )}
      <Text size={200}>{t('ditherHint')}</Text>
      <NumberField label="field_imageWidth" name="width" min={8} max={2048} hint={t('imageWidthHint')} data={data} onChange={onChange} />
      <AlignField data={data} onChange={onChange} />
    </>
  );
}
