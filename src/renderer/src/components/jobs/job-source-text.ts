import { isKnownSourceKind, type JobSource } from '../../../../shared/contract/job-source';
import { useText, type TextKey } from '../../i18n';

/** The window's own machine, however a POS on it reached the service. */
const THIS_COMPUTER = new Set(['localhost', '127.0.0.1', '::1']);

/**
 * Where a ticket came from, as the owner reads it: "tpv.cafeole.es (TPV)", "tpv-nube (impresión remota)",
 * "Ticketera" for the window, "este equipo (TPV)" for a POS on this computer. A kind this version does not know (a
 * door added later) shows its label alone. Undefined for a job from before sources were kept.
 */
export function useSourceText(): (source: JobSource | null) => string | undefined {
  const t = useText();
  return (source) => {
    // Null for a job journaled before sources were kept (and missing from an event of an older service).
    if (!source) return undefined;
    const label = THIS_COMPUTER.has(source.label.toLowerCase()) ? t('sourceThisComputer') : source.label;
    if (!isKnownSourceKind(source.kind)) return label || undefined;
    const kind = t(`sourceKind_${source.kind}` satisfies TextKey);
    if (source.kind === 'window' || label === '') return kind;
    return t('sourceWithKind', { label, kind });
  };
}
