/**
 * The words drawn into a preview image where paper shows nothing (the knife's band, beeps, the drawer, bytes the
 * preview does not know, where it ends): in the window's language, since the same image is what the designer
 * previews and what the virtual printer keeps as `<name>.png` for the owner. Plain data (it crosses to the encoder
 * threads): `{name}` marks what markText fills in. ASCII only: the band is drawn in the printer font, and these must
 * read the same in every code page.
 */
export interface MarkTexts {
  cut: string;
  partialCut: string;
  /** `{pin}`: the connector pin pulsed (2 or 5). */
  drawer: string;
  beep: string;
  /** `{times}` beeps; `{how}`: how long each one is, as the command gives it. */
  beepTimes: string;
  /** `{bytes}`: the command's bytes in hex. */
  unknown: string;
  unknownQrSetting: string;
  /** `{what}`: the command (by its name or bytes) the preview leaves out. */
  notPreviewed: string;
  /** `{command}`: the code page's command (`ESC t 99`). */
  codePageNotPreviewed: string;
  /** `{cn}`: the 2D symbol's kind. */
  symbolNotPreviewed: string;
  /** `{size}`: the bytes drawn ("10 MB"). */
  endsAtBytes: string;
  /** `{metres}` of paper drawn. */
  endsAtPaper: string;
  endsAtJobPaper: string;
  /** The decimal mark of `{metres}`. */
  decimal: '.' | ',';
}

export const MARK_TEXTS = {
  es: {
    cut: 'CORTE',
    partialCut: 'CORTE PARCIAL',
    drawer: 'CAJON pulso pin {pin}',
    beep: 'PITIDO',
    beepTimes: 'PITIDO x{times} ({how})',
    unknown: 'DESCONOCIDO {bytes}',
    unknownQrSetting: 'AJUSTE QR DESCONOCIDO',
    notPreviewed: '{what} sin vista previa',
    codePageNotPreviewed: 'pagina de codigos {command} sin vista previa',
    symbolNotPreviewed: 'simbolo 2D cn={cn} sin vista previa',
    endsAtBytes: 'FIN DE LA VISTA PREVIA: solo se muestran los primeros {size}',
    endsAtPaper: 'FIN DE LA VISTA PREVIA: mas de {metres} m de papel',
    endsAtJobPaper: 'FIN DE LA VISTA PREVIA: mas papel del que un trabajo puede usar',
    decimal: ',',
  },
  en: {
    cut: 'CUT',
    partialCut: 'PARTIAL CUT',
    drawer: 'DRAWER pulse pin {pin}',
    beep: 'BEEP',
    beepTimes: 'BEEP x{times} ({how})',
    unknown: 'UNKNOWN {bytes}',
    unknownQrSetting: 'UNKNOWN QR setting',
    notPreviewed: '{what} not previewed',
    codePageNotPreviewed: 'code page {command} not previewed',
    symbolNotPreviewed: '2D symbol cn={cn} not previewed',
    endsAtBytes: 'PREVIEW ENDS: only the first {size} are shown',
    endsAtPaper: 'PREVIEW ENDS: more than {metres} m of paper',
    endsAtJobPaper: 'PREVIEW ENDS: more paper than a job may feed',
    decimal: '.',
  },
} as const satisfies Record<string, MarkTexts>;

/** Without a window (the bare service, tests), the marks stay as they always were. */
export const DEFAULT_MARK_TEXTS: MarkTexts = MARK_TEXTS.en;

/** A mark's words with its `{name}`s filled in (a name not given stays as written). */
export function markText(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
