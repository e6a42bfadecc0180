import { Tab, TabList, makeStyles } from '@fluentui/react-components';
import { DesignIdeas24Regular, Home24Regular, KeyMultiple24Regular, Print24Regular, Settings24Regular, TaskListLtr24Regular, Translate24Regular, Wifi124Regular } from '@fluentui/react-icons';
import type { ComponentType, ReactElement } from 'react';
import { useEffect, useRef } from 'react';
import { AlertToasts } from './components/AlertToasts';
import { AppToaster } from './components/AppToaster';
import { ClickTooltip } from './components/ClickTooltip';
import { ConnectionBanner } from './components/ConnectionBanner';
import { OriginPrompt } from './components/origins/OriginPrompt';
import { PrintToasts } from './components/PrintToasts';
import { JournalAlert, StatusBar } from './components/StatusBar';
import { useLanguageFromSettings, useText, type TextKey } from './i18n';
import { AdminPage } from './pages/AdminPage';
import { CampusPage } from './pages/CampusPage';
import { DesignerPage } from './pages/DesignerPage';
import { HomePage } from './pages/HomePage';
import { JobsPage } from './pages/JobsPage';
import { PrintersPage } from './pages/PrintersPage';
import { SettingsPage } from './pages/SettingsPage';
import { TranslationPage } from './pages/TranslationPage';
import { usePageRoute } from './page-route';
import { connectEvents } from './stores/connect-events';
import { useServiceUnreachable } from './stores/connection-store';
import { useDesignerStore } from './stores/designer-store';
import { useOriginsStore } from './stores/origins-store';
import { useSettingsPageStore } from './stores/settings-page-store';
import { usePrinterStatusStore } from './stores/printer-status-store';
import { useSettingsStore } from './stores/settings-store';
import { useOptionalServices, useSettingsSection } from './components/settings/optional-services';
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

/** Every page but Home, in the order of the side menu (Settings last); the key is also the menu's text key. */
const PAGES = { designer: DesignerPage, printers: PrintersPage, jobs: JobsPage, translation: TranslationPage, admin: AdminPage, campus: CampusPage, settings: SettingsPage } as const;
/** Home comes first and opens the window; it is told how to send the user to another page. */
type PageKey = 'home' | (keyof typeof PAGES & TextKey);
const TABS: readonly PageKey[] = ['home', ...(Object.keys(PAGES) as (keyof typeof PAGES)[])];
const ICONS: Partial<Record<PageKey, ReactElement>> = {
  home: <Home24Regular />,
  designer: <DesignIdeas24Regular />,
  printers: <Print24Regular />,
  jobs: <TaskListLtr24Regular />,
  translation: <Translate24Regular />,
  admin: <KeyMultiple24Regular />,
  campus: <Wifi124Regular />,
  settings: <Settings24Regular />,
};
const isPageKey = (value: unknown): value is PageKey => typeof value === 'string' && TABS.includes(value as PageKey);
/** Pages that hold the owner back while something typed is unsaved: each asks "Save changes?", then calls `go` (or not). */
const LEAVE_GUARDS: Partial<Record<PageKey, (go: () => void) => void>> = {
  designer: (go) => useDesignerStore.getState().requestLeave(go),
  settings: (go) => useSettingsPageStore.getState().requestLeave(go),
};
const leavePageFirst = (from: PageKey, go: () => void): void => (LEAVE_GUARDS[from] ?? ((next) => next()))(go);


export function App() {
  const t = useText();
  useLanguageFromSettings();
  // Each page at its own URL (#/jobs), so Back works in a browser; leaving the designer or Settings with unsaved
  // changes asks.
  const [page, setPage] = usePageRoute<PageKey>(isPageKey, 'home', leavePageFirst);
  const unreachable = useServiceUnreachable();
  const styles = useStyles();
  // Campus and Administración only once switched on in Settings (Servicios opcionales) or while their key is in force.
  const optional = useOptionalServices();
  const tabs = TABS.filter((key) => !(key === 'campus' || key === 'admin') || optional[key]);
  const settingsRequest = useSettingsSection((state) => state.serial);
  const pageNow = useRef(page);
  pageNow.current = page;
  // "Abrir Ajustes" from a missing-key message anywhere: go to Settings (leaving the designer asks first, as the menu
  // does), which opens at the section asked for. Only a new request navigates, never a page change; on Settings
  // already, it only moves to the section.
  useEffect(() => {
    if (settingsRequest > 0 && pageNow.current !== 'settings') leavePageFirst(pageNow.current, () => setPage('settings'));
  }, [settingsRequest, setPage]);
  // A page switched off while shown gives way to Home.
  useEffect(() => {
    if ((page === 'campus' || page === 'admin') && useSettingsStore.getState().settings && !optional[page]) setPage('home');
  }, [page, optional]);
  useEffect(() => {
    void useSettingsStore.getState().load();
    void useStatusStore.getState().load();
    void usePrinterStatusStore.getState().load();
    void useOriginsStore.getState().load();
    return connectEvents();
  }, []);
  return (
    <div className="app">
      <header>
        <strong className="brand">Ticketera</strong>
        <StatusBar />
      </header>
      <nav className="app-nav" aria-label={t('mainMenu')}>
        <TabList
          vertical
          appearance="subtle"
          selectedValue={page}
          onTabSelect={(_event, data) => {
            const next = data.value;
            if (!isPageKey(next)) return;
            // Leaving the designer or Settings with unsaved changes asks first (the page shows the question).
            leavePageFirst(page, () => setPage(next));
          }}
        >
          {tabs.map((key) => (
            // Below 960 px the menu shows icons only: the tooltip names each (styles.css hides it when the names
            // are written out). For eyes only: the hidden label still names the tab for screen readers.
            <ClickTooltip key={key} content={{ children: t(key), className: 'app-nav-tooltip' }} relationship="inaccessible" positioning="after" withArrow>
              <Tab value={key} icon={ICONS[key]}>
                <span className="app-nav-label">{t(key)}</span>
              </Tab>
            </ClickTooltip>
          ))}
        </TabList>
      </nav>
      <main>
        <ConnectionBanner />
        {/* Home shows the journal's alerts among its own warnings. */}
        {page !== 'home' && <JournalAlert />}
        {/* Without the service no action can work: one disabled fieldset turns off every control of the page, and
            what the page shows stays readable. */}
        <fieldset className={styles.serviceActions} disabled={unreachable} data-testid="service-actions">
          {/* "May this site print?" on whichever page the owner is: a site is refused until answered. */}
          <OriginPrompt />
          {page === 'home' ? <HomePage onNavigate={setPage} /> : <Page page={page} onNavigate={setPage} />}
        </fieldset>
      </main>
      <AppToaster />
      <PrintToasts />
      <AlertToasts />
    </div>
  );
}

function Page({ page, onNavigate }: { page: keyof typeof PAGES; onNavigate(page: PageKey): void }) {
  // A page that links to another (Translation → Settings) takes `onNavigate`; the others ignore it.
  const Component: ComponentType<{ onNavigate(page: PageKey): void }> = PAGES[page];
  return <Component onNavigate={onNavigate} />;
}
