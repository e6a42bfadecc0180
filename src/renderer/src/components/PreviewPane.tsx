import { Text } from '@fluentui/react-components';
import type { Preview } from '../../../shared/contract/types';
import { problemOfServiceError } from '../designer/block-errors';
import { useText, type TextKey } from '../i18n';

const MARK_TEXT: Record<string, TextKey> = { cut: 'mark_cut', 'partial-cut': 'mark_partialCut', beep: 'mark_beep', drawer: 'mark_drawer' };

/** The ticket as the printer would print it, rendered from the exact bytes; cuts, beeps and drawer pulses listed. */
export function PreviewPane({ preview }: { preview: Preview | undefined }) {
  const t = useText();
  if (!preview) return <p className="muted">{t('previewLoading')}</p>;
  if (preview.error) {
    const { index, problem } = problemOfServiceError(preview.error);
    return (
      <div role="alert" className="designer-preview-error" data-testid="preview-error">
        <Text as="p" block weight="semibold" className="error">
          {index === undefined ? t(problem.key) : t('previewBlockError', { n: index + 1 })}
        </Text>
        <Text as="p" block size={200} className="detail">
          {t('technicalDetail')}: <span className="mono">{preview.error}</span>
        </Text>
      </div>
    );
  }
  return (
    <div className="preview">
      <p className="muted" data-testid="preview-bytes">
        {preview.byteCount} {t('bytes')}
      </p>
      {preview.image ? (
        <>
          <img
            data-testid="preview-image"
            alt={t('previewAlt')}
            width={preview.image.width}
            height={preview.image.height}
            src={`data:${preview.image.mime};base64,${preview.image.base64}`}
          />
          <ul className="marks">
            {preview.image.marks.map((mark, index) => {
              const key = MARK_TEXT[mark.kind];
              return (
                <li key={index}>
                  {key ? t(key) : mark.kind}
                  {mark.detail !== '' && <span className="muted"> ({mark.detail})</span>}
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p className="muted">{t('previewUnavailable')}</p>
      )}
    </div>
  );
}
