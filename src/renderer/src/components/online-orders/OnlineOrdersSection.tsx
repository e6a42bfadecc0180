import { Button, MessageBar, MessageBarBody, Text, makeStyles } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useText } from '../../i18n';
import { ProblemBar } from '../../pages/page-parts';
import { useOnlineOrdersStore } from '../../stores/online-orders-store';
import { usePrintersStore } from '../../stores/printers-store';
import { OnlineOrderForm } from './OnlineOrderForm';
import { OnlineOrderRow } from './OnlineOrderRow';

/** How often the rows' last poll and orders printed are read again while Settings is open. */
const REFRESH_MS = 3_000;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '8px' },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  text: { margin: 0 },
  add: { alignSelf: 'flex-start' },
});

/**
 * Settings' "Online orders": the CloudPRNT and Epson SDP servers Ticketera polls for orders, each with the printer id
 * to register on it, its last poll, the orders printed and its last problem in plain words; added, changed, removed
 * and tested ("Probar") at once through their own calls, never through Settings' Save.
 */
export function OnlineOrdersSection() {
  const t = useText();
  const styles = useStyles();
  const { view, problem, busy, tested, save, remove, test } = useOnlineOrdersStore();
  // The list itself (stable between renders); a fresh `[]` from the selector would re-render without end.
  const printerList = usePrintersStore((state) => state.list);
  const [editing, setEditing] = useState<string | 'new' | undefined>(undefined);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    void useOnlineOrdersStore.getState().load();
    if (!usePrintersStore.getState().list) void usePrintersStore.getState().load();
    const timer = setInterval(() => void useOnlineOrdersStore.getState().load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const fixed = view?.fixedBy != null;
  const row = editing && editing !== 'new' ? view?.rows.find((each) => each.binding.id === editing) : undefined;

  return (
    // A card like Settings' other sections; its buttons never submit Settings' form (type="button").
    <fieldset className={`card ${styles.section}`} data-testid="online-orders">
      <legend>{t('ooTitle')}</legend>
      <Text as="p" className={styles.text}>
        {t('ooIntro')}
      </Text>
      {fixed && <Text as="p" className={styles.text}>{t('ooFixed', { flag: view?.fixedBy ?? '' })}</Text>}
      {problem && <ProblemBar problem={problem} />}
      {view && view.rows.length === 0 && <Text as="p" className={styles.text}>{t('ooNone')}</Text>}
      {view && view.rows.length > 0 && (
        <ul className={styles.list}>
          {view.rows.map((each) => (
            <OnlineOrderRow
              key={each.binding.id}
              row={each}
              tested={tested[each.binding.id]}
              busy={busy === each.binding.id}
              fixed={fixed}
              onTest={() => void test(each.binding.id)}
              onEdit={() => setEditing(each.binding.id)}
              onRemove={() => void remove(each.binding.id)}
            />
          ))}
        </ul>
      )}
      {saved && (
        <MessageBar intent="success">
          <MessageBarBody>{t('ooSaved')}</MessageBarBody>
        </MessageBar>
      )}
      {editing !== undefined && !fixed ? (
        <OnlineOrderForm
          key={editing}
          editing={row}
          printers={(printerList?.printers ?? []).filter((printer) => !printer.is_virtual).map((printer) => printer.name)}
          busy={busy !== undefined}
          onCancel={() => setEditing(undefined)}
          onSave={(input) =>
            void save(input).then((done) => {
              if (!done) return;
              setEditing(undefined);
              setSaved(true);
            })
          }
        />
      ) : (
        !fixed && (
          <Button type="button" className={styles.add} onClick={() => {
            setSaved(false);
            setEditing('new');
          }}>
            {t('ooAdd')}
          </Button>
        )
      )}
    </fieldset>
  );
}
