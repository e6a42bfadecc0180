import { Button, Card, CardHeader } from '@fluentui/react-components';
import { Wifi120Regular } from '@fluentui/react-icons';
import { useText } from '../../i18n';
import { useHomeStyles } from '../home/home-styles';
import { CampusStatusView } from './CampusStatusView';

/** Home's campus card: is the campus Wi-Fi failing its sign-ins (before blaming the POS or the printer)? */
export function CampusPanel({ onOpenSettings, onOpenPage }: { onOpenSettings: () => void; onOpenPage: () => void }) {
  const t = useText();
  const styles = useHomeStyles();
  return (
    <Card className={styles.card} data-testid="home-campus" role="region" aria-labelledby="home-campus-title">
      <CardHeader
        image={<Wifi120Regular aria-hidden />}
        header={
          <h2 className={styles.cardTitle} id="home-campus-title">
            {t('campusTitle')}
          </h2>
        }
        action={
          <Button appearance="transparent" size="small" onClick={onOpenPage}>
            {t('campusOpenPage')}
          </Button>
        }
      />
      <CampusStatusView idPrefix="home-campus" onOpenSettings={onOpenSettings} />
    </Card>
  );
}
