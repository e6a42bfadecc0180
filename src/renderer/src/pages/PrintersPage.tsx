import { useEffect } from 'react';
import { useText } from '../i18n';
import { usePrintersStore } from '../stores/printers-store';

/** Every printer the system knows, its type and status, and the caveat that a USB printer's status may be stale. */
export function PrintersPage() {
  const t = useText();
  const { list, loading, error, load } = usePrintersStore();
  useEffect(() => {
    void usePrintersStore.getState().load();
  }, []);
  return (
    <section>
      <div className="row">
        <h2>{t('printers')}</h2>
        <button onClick={() => void load()} disabled={loading}>
          {t('refresh')}
        </button>
      </div>
      {error && <p className="error">{error}</p>}
      {list && (
        <>
          <p data-testid="printer-summary">
            <span className={`dot ${list.summary.status}`} aria-hidden="true" /> {t('summary')}: {list.summary.status} · {list.summary.detected_count} ·{' '}
            {list.summary.thermal_count} thermal · {t('default')}: {list.summary.default_name || '—'}
          </p>
          <table>
            <thead>
              <tr>
                <th>{t('name')}</th>
                <th>{t('type')}</th>
                <th>{t('status')}</th>
                <th>{t('port')}</th>
                <th>{t('driver')}</th>
                <th>{t('default')}</th>
              </tr>
            </thead>
            <tbody>
              {list.printers.map((printer) => (
                <tr key={printer.name}>
                  <td>{printer.name}</td>
                  <td>{printer.printer_type}</td>
                  <td>{printer.status}</td>
                  <td>{printer.port}</td>
                  <td>{printer.driver}</td>
                  <td>{printer.is_default ? '✓' : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="caveat" role="note">
            ⚠ {list.caveat}
          </p>
        </>
      )}
    </section>
  );
}
