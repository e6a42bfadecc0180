import { Tab, TabList } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { JournalAlert, StatusBar } from './components/StatusBar';
import { useLanguageFromSettings, useText, type TextKey } from './i18n';
import { DesignerPage } from './pages/DesignerPage';
import { HomePage } from './pages/HomePage';
import { JobsPage } from './pages/JobsPage';
import { PrintersPage } from './pages/PrintersPage';
import { SettingsPage } from './pages/SettingsPage';
import { connectEvents } from './stores/connect-events';
import { useSettingsStore } from './stores/settings-store';
import { useStatusStore } from './stores/status-store';

const PAGES = { designer: DesignerPage, printers: PrintersPage, jobs: JobsPage, settings: SettingsPage } as const;
/** Home comes first and opens the window; it is told how to send the user to another page. */
type PageKey = 'home' | (keyof typeof PAGES & TextKey);
const TABS: readonly PageKey[] = ['home', ...(Object.keys(PAGES) as (keyof typeof PAGES)[])];
const isPageKey = (value: unknown): value is PageKey => typeof value === 'string' && TABS.includes(value as PageKey);

export function App() {
  const t = useText();
  useLanguageFromSettings();
  const [page, setPage] = useState<PageKey>('home');
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
      {/* Home shows the journal's alerts among its own warnings. */}
      {page !== 'home' && <JournalAlert />}
      <main>{page === 'home' ? <HomePage onNavigate={setPage} /> : <Page page={page} />}</main>
    </div>
  );
}

function Page({ page }: { page: keyof typeof PAGES }) {
  const Component = PAGES[page];
  return <Component />;
}
