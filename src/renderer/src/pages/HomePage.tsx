import { Button, Text } from '@fluentui/react-components';
import { useEffect } from 'react';
import { CampusPanel } from '../components/campus/CampusPanel';
import { FleetCard } from '../components/fleet/FleetCard';
import { ActivityCard } from '../components/home/ActivityCard';
import { FirstRunGuide } from '../components/home/FirstRunGuide';
import { HeldTicketsCard } from '../components/home/HeldTicketsCard';
import { HomeWarnings } from '../components/home/HomeWarnings';
import { LivePrintersCard } from '../components/home/LivePrintersCard';
import { useHomeStyles } from '../components/home/home-styles';
import { PrinterCard } from '../components/home/PrinterCard';
import { ServiceCard } from '../components/home/ServiceCard';
import { TestPageButton } from '../components/home/TestPage';
import { useOptionalServices } from '../components/settings/optional-services';
import { useText } from '../i18n';
import { useHomeStore } from '../stores/home-store';
import { NO_FILTER, useJobsStore } from '../stores/jobs-store';

export type HomeTarget = 'jobs' | 'settings' | 'campus';

/** The window's first page: is it running, where the POS connects, where tickets go, what happened today, what is wrong. */
export function HomePage({ onNavigate }: { onNavigate: (page: HomeTarget) => void }) {
  const t = useText();
  const styles = useHomeStyles();
  const guideHidden = useHomeStore((state) => state.guide.hidden);
  const showGuide = useHomeStore((state) => state.showGuide);
  useEffect(() => useHomeStore.getState().follow(), []);
  const campusShown = useOptionalServices().campus;
  return (
    <div className={styles.page} data-testid="home-page">
      <div className={styles.row}>
        <h1 className={`${styles.heading} ${styles.grow}`}>
          <Text as="span" size={600} weight="semibold">
            {t('homeTitle')}
          </Text>
        </h1>
        {guideHidden && (
          <>
            <TestPageButton appearance="secondary" />
            <Button appearance="subtle" onClick={showGuide}>
              {t('homeGuideShow')}
            </Button>
          </>
        )}
      </div>
      {!guideHidden && <FirstRunGuide />}
      <HomeWarnings onOpenSettings={() => onNavigate('settings')} />
      <div className={styles.grid}>
        <HeldTicketsCard
          onOpenJobs={() => {
            useJobsStore.getState().setFilter({ ...NO_FILTER, state: 'held' });
            onNavigate('jobs');
          }}
        />
        <ServiceCard />
        <FleetCard />
        <PrinterCard />
        <LivePrintersCard />
        <ActivityCard onOpenJobs={() => onNavigate('jobs')} />
        {/* Campus is an optional service: its card shows once switched on in Settings (or its key is in force). */}
        {campusShown && <CampusPanel onOpenSettings={() => onNavigate('settings')} onOpenPage={() => onNavigate('campus')} />}
      </div>
    </div>
  );
}
