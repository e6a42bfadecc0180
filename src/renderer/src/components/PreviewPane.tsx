import type { Preview } from '../../../shared/contract/types';
import { useText } from '../i18n';

/** The ticket as the printer would print it, rendered from the exact bytes; cuts, beeps and drawer pulses listed. */
export function PreviewPane({ preview }: { preview: Preview | undefined }) {
  const t = useText();
  if (!preview) return <p className="muted">…</p>;
  if (preview.error) {
    return (
      <p role="alert" className="error" data-testid="preview-error">
        {preview.error}
      </p>
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
            alt={t('preview')}
            width={preview.image.width}
            height={preview.image.height}
            src={`data:${preview.image.mime};base64,${preview.image.base64}`}
          />
          <ul className="marks">
            {preview.image.marks.map((mark, index) => (
              <li key={index}>
                {mark.kind}: {mark.detail}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="muted">{t('previewUnavailable')}</p>
      )}
    </div>
  );
}
