import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { AdminKey } from '../../../../shared/contract/admin-types';
import { useText } from '../../i18n';
import { KeyId } from './KeysTable';
import { useAdminFormats } from './admin-formats';
import { useAdminStyles } from './admin-styles';

/** Keys that can never be used again, kept apart from the ones in use: for the record only, no actions. */
export function DeactivatedKeys({ keys }: { keys: AdminKey[] }) {
  const t = useText();
  const styles = useAdminStyles();
  const { date } = useAdminFormats();
  return (
    <section className={styles.section} aria-labelledby="deactivated-keys-title">
      <h3 id="deactivated-keys-title" className={styles.sectionTitle}>
        {t('deactivatedKeys')} ({keys.length})
      </h3>
      <Table aria-labelledby="deactivated-keys-title" className="fixed-table" data-testid="deactivated-keys" size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('colLabel')}</TableHeaderCell>
            <TableHeaderCell style={{ width: '11rem' }}>{t('colKeyId')}</TableHeaderCell>
            <TableHeaderCell style={{ width: '9rem' }}>{t('colCreated')}</TableHeaderCell>
            <TableHeaderCell style={{ width: '9rem' }}>{t('colDeactivated')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {keys.map((key) => (
            <TableRow key={key.keyId} data-testid="deactivated-key-row">
              <TableCell>{key.label}</TableCell>
              <TableCell>
                <KeyId keyId={key.keyId} />
              </TableCell>
              <TableCell>{date(key.createdAt)}</TableCell>
              <TableCell>{key.deactivatedAt ? date(key.deactivatedAt) : '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
