import { Tab, TabList } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { JournalAlert, StatusBar } from './components/StatusBar';
import { useLanguageFromSettings, useText, type TextKey } from './i18n';
import { DesignerPage } from './pages/DesignerPage';
import { JobsPage } from './pages/JobsPage';
import { PrintersPage } from './pages/PrintersPage';
import { SettingsPage } from './pages/SettingsPage';
import { connectEvents } from './stores/connect-events';
import { useSettingsStore } from './stores/settings-store';
import { useStatusStore } from './stores/status-store';

const PAGES = { designer: DesignerPage, printers: PrintersPage, jobs: JobsPage, settings: SettingsPage } as const;
type PageKey = keyof typeof PAGES & TextKey;
const isPageKey = (value: unknown): value is PageKey => typeof value === 'string' && value in PAGES;

export function App() {
  const t = useText();
  useLanguageFromSettings();
  const [page, setPage] = useState<PageKey>('designer');
  useEffect(() => {
    void useSettingsStore.getState().load();
    void useStatusStore.getState().load();
    return connectEvents();
  }, []);
  const Page = PAGES[page];
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
          {(Object.keys(PAGES) as PageKey[]).map((key) => (
            <Tab key={key} value={key}>
              {t(key)}
            </Tab>
          ))}
        </TabList>
        <StatusBar />
      </header>
      <JournalAlert />
      <main>
        <Page />
      </main>
    </div>
  );
}
