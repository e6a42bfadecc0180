import { Button, Text, ToggleButton } from '@fluentui/react-components';
import { useState, type MouseEvent } from 'react';
import type { Preview, PreviewImage, PreviewMark } from '../../../shared/contract/types';
import { FONT_B } from '../../../shared/escpos/font';
import { problemOfServiceError } from '../designer/block-errors';
import { useText, type TextKey } from '../i18n';
import { TechnicalDetail } from '../pages/page-parts';
import { useBandInSight, useContentWidth, usePreviewFit } from './preview-fit';
import '../designer/designer.css';

/** Each mark's text in the window's language: the service's `detail` is English and only says the same. */
const MARK_TEXT: Record<string, TextKey> = {
  cut: 'mark_cut',
  'partial-cut': 'mark_partialCut',
  beep: 'mark_beep',
  drawer: 'mark_drawer',
  unknown: 'mark_unknown',
  'not-previewed': 'mark_notPreviewed',
  truncated: 'mark_truncated',
};
/** Marks whose detail (bytes in hex) helps whoever wrote them. */
const TECHNICAL_MARKS = new Set(['unknown', 'not-previewed']);
/** The mark's black band in the picture (render-escpos `band`): its label is drawn over it in the window's language. */
const MARK_BAND_DOTS = FONT_B.cellHeight + 4;
/**
 * The sheet is drawn at 8 CSS pixels a millimetre, so at true size one printed dot is one pixel of the window (203 dpi
 * heads print 8 dots a millimetre): letters then look exactly as the printer draws them, never resampled.
 */
const PIXELS_PER_MM = 8;

const paperMmOf = (image: PreviewImage): 58 | 80 => (image.width <= 384 ? 58 : 80);
const percent = (part: number, whole: number): string => `${(part / whole) * 100}%`;

export interface PreviewPaneProps {
  preview: Preview | undefined;
  /** The block whose rows are highlighted. */
  selected?: number | undefined;
  /** Clicking the picture (or a mark) selects the block that printed those rows. */
  onSelect?: (index: number) => void;
  /** Picture blocks still without a picture: drawn as a marked line in the picture, and said here in words. */
  missingImages?: readonly number[];
  /** Opens fitted to the pane, not at true size (which crops an 80 mm roll in a narrow pane). */
  opensFitted?: boolean;
}

/**
 * The ticket as the printer would print it, rendered from the exact bytes, on paper of its true width (58 or 80 mm
 * at the same scale) or fitted to the pane; cuts, beeps and drawer pulses are marked and listed.
 */
export function PreviewPane({ preview, selected, onSelect, missingImages = [], opensFitted = false }: PreviewPaneProps) {
  const t = useText();
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const frameWidth = useContentWidth(frame);
  const image = preview?.image;
  const [fit, setFit] = usePreviewFit(opensFitted, image && frameWidth !== undefined ? frameWidth >= paperMmOf(image) * PIXELS_PER_MM : undefined);
  useBandInSight(frame, selected, image?.base64);
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
  const blockAt = (y: number): number | undefined => image?.blocks.find((block) => y >= block.top && y < block.bottom)?.index;
  const markBlock = (mark: PreviewMark): number | undefined => blockAt(mark.y);
  const pick = (event: MouseEvent<HTMLDivElement>) => {
    if (!image || !onSelect) return;
    const box = event.currentTarget.getBoundingClientRect();
    const index = blockAt(((event.clientY - box.top) / box.height) * image.height);
    if (index !== undefined) onSelect(index);
  };
  return (
    <div className="preview">
      {/* Only what the owner can act on: a count of bytes told them nothing (issue 32). */}
      {image && (
        <div className="preview-head">
          <div role="group" aria-label={t('zoomGroup')} className="preview-zoom">
            <ToggleButton size="small" checked={!fit} onClick={() => setFit(false)}>
              {t('zoomTrue')}
            </ToggleButton>
            <ToggleButton size="small" checked={fit} onClick={() => setFit(true)}>
              {t('zoomFit')}
            </ToggleButton>
          </div>
        </div>
      )}
      {missingImages.length > 0 && (
        <div className="preview-missing" data-testid="preview-missing">
          {missingImages.map((index) => (
            <Text as="p" block size={200} key={index}>
              {onSelect ? (
                <Button size="small" appearance="transparent" onClick={() => onSelect(index)}>
                  {t('previewImageMissing', { n: index + 1 })}
                </Button>
              ) : (
                t('previewImageMissing', { n: index + 1 })
              )}
            </Text>
          ))}
        </div>
      )}
      {image ? (
        <>
          {/* At true size the roll may be wider than the pane: the frame scrolls, so it takes the keyboard too. */}
          <div ref={setFrame} className={`preview-frame${fit ? ' fit' : ''}`} data-testid="preview-frame" role="region" aria-label={t('preview')} tabIndex={0}>
            <div className="preview-sheet" style={fit ? undefined : { width: `${paperMmOf(image) * PIXELS_PER_MM}px` }} data-testid="preview-paper">
              <div
                className={`preview-print${onSelect ? ' selectable' : ''}`}
                style={fit ? { width: percent(image.width, paperMmOf(image) * PIXELS_PER_MM) } : { width: `${image.width}px` }}
                onClick={pick}
                data-testid="preview-print"
              >
                <img data-testid="preview-image" alt={t('previewAlt')} width={image.width} height={image.height} src={`data:${image.mime};base64,${image.base64}`} />
                {image.blocks
                  .filter((block) => block.index === selected)
                  .map((block) => (
                    <div key={block.index} className="preview-band" data-testid="preview-selected-band" style={{ top: percent(block.top, image.height), height: percent(Math.max(block.bottom - block.top, 2), image.height) }} />
                  ))}
                {image.marks.map((mark, at) => (
                  <span
                    key={at}
                    className="preview-mark-label"
                    aria-hidden
                    style={{ top: percent(mark.y, image.height), height: percent(MARK_BAND_DOTS, image.height), fontSize: `${((MARK_BAND_DOTS * 0.7) / image.width) * 100}cqw` }}
                  >
                    {t(MARK_TEXT[mark.kind] ?? 'mark_unknown')}
                  </span>
                ))}
              </div>
            </div>
          </div>
          {image.marks.length > 0 && (
            <ul className="marks" aria-label={t('marksTitle')}>
              {image.marks.map((mark, at) => {
                const index = markBlock(mark);
                const text = t(MARK_TEXT[mark.kind] ?? 'mark_unknown');
                return (
                  <li key={at}>
                    {onSelect && index !== undefined ? (
                      <Button size="small" appearance="transparent" onClick={() => onSelect(index)}>
                        {t('markOfBlock', { mark: text, n: index + 1 })}
                      </Button>
                    ) : (
                      text
                    )}
                    {TECHNICAL_MARKS.has(mark.kind) && <TechnicalDetail detail={mark.detail} mono />}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      ) : (
        <p className="muted">{t('previewUnavailable')}</p>
      )}
    </div>
  );
}
