import { useEffect, useState } from 'react';
import { JournalAlert, StatusBar } from './components/StatusBar';
import { useText, type TextKey } from './i18n';
import { DesignerPage } from './pages/DesignerPage';
import { JobsPage } from './pages/JobsPage';
import { PrintersPage } from './pages/PrintersPage';
import { SettingsPage } from './pages/SettingsPage';
import { connectEvents } from './stores/connect-events';
import { useSettingsStore } from './stores/settings-store';
import { useStatusStore } from './stores/status-store';

const PAGES = { designer: DesignerPage, printers: PrintersPage, jobs: JobsPage, settings: SettingsPage } as const;
type PageKey = keyof typeof PAGES & TextKey;

export function App() {
  const t = useText();
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
        <nav role="tablist">
          {(Object.keys(PAGES) as PageKey[]).map((key) => (
            <button key={key} role="tab" aria-selected={page === key} className={page === key ? 'active' : ''} onClick={() => setPage(key)}>
              {t(key)}
            </button>
          ))}
        </nav>
        <StatusBar />
      </header>
      <JournalAlert />
      <main>
        <Page />
      </main>
    </div>
  );
}
