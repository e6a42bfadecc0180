import { Tab, TabList, makeStyles } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { ConnectionBanner } from './components/ConnectionBanner';
import { PrintToasts } from './components/PrintToasts';
import { JournalAlert, StatusBar } from './components/StatusBar';
import { useLanguageFromSettings, useText, type TextKey } from './i18n';
import { DesignerPage } from './pages/DesignerPage';
import { HomePage } from './pages/HomePage';
import { JobsPage } from './pages/JobsPage';
import { PrintersPage } from './pages/PrintersPage';
import { SettingsPage } from './pages/SettingsPage';
import { connectEvents } from './stores/connect-events';
import { useServiceUnreachable } from './stores/connection-store';
import { useSettingsStore } from './stores/settings-store';
import { useStatusStore } from './stores/status-store';

const useStyles = makeStyles({
  /** Takes no room of its own: the page lays out as if it were not there. */
  serviceActions: {
    display: 'contents',
    border: 'none',
    margin: 0,
    padding: 0,
    minWidth: 0,
    // Fluent styles its controls as disabled only through their own prop: look the part when the fieldset is.
    '&:disabled button, &:disabled input, &:disabled select, &:disabled textarea': {
      cursor: 'not-allowed',
      filter: 'grayscale(1)',
      opacity: 0.55,
    },
  },
});

const PAGES = { designer: DesignerPage, printers: PrintersPage, jobs: JobsPage, settings: SettingsPage } as const;
/** Home comes first and opens the window; it is told how to send the user to another page. */
type PageKey = 'home' | (keyof typeof PAGES & TextKey);
const TABS: readonly PageKey[] = ['home', ...(Object.keys(PAGES) as (keyof typeof PAGES)[])];
const isPageKey = (value: unknown): value is PageKey => typeof value === 'string' && TABS.includes(value as PageKey);

export function App() {
  const t = useText();
  useLanguageFromSettings();
  const [page, setPage] = useState<PageKey>('home');
  const unreachable = useServiceUnreachable();
  const styles = useStyles();
  useEffect(() => {
    void useSettingsStore.getState().load();
    void useStatusStore.getState().load();
    return connectEvents();
  }, []);
  return (
    <div className="app">
      <header>
        <strong className="brand">Ticketera</strong>
        <TabList
          appearance="transparent"
          selectedValue={page}
          onTabSelect={(_event, data) => {
            if (isPageKey(data.value)) setPage(data.value);
          }}
        >
          {TABS.map((key) => (
            <Tab key={key} value={key}>
              {t(key)}
            </Tab>
          ))}
        </TabList>
        <StatusBar />
      </header>
      <ConnectionBanner />
      {/* Home shows the journal's alerts among its own warnings. */}
      {page !== 'home' && <JournalAlert />}
      <main>
        {/* Without the service no action can work: one disabled fieldset turns off every control of the page, and
            what the page shows stays readable. */}
        <fieldset className={styles.serviceActions} disabled={unreachable} data-testid="service-actions">
          {page === 'home' ? <HomePage onNavigate={setPage} /> : <Page page={page} />}
        </fieldset>
      </main>
      <PrintToasts />
    </div>
  );
}

function Page({ page }: { page: keyof typeof PAGES }) {
  const Component = PAGES[page];
  return <Component />;
}
