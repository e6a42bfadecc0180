import { Card, Text } from '@fluentui/react-components';
import { CampusStatusView } from '../components/campus/CampusStatusView';
import { ChangelogList } from '../components/campus/ChangelogList';
import { useText } from '../i18n';

/** The campus open data: the Wi-Fi status (as on Home) and the data API's changelog, which needs no key. */
export function CampusPage({ onNavigate }: { onNavigate?: (page: 'settings') => void }) {
  const t = useText();
  const openSettings = onNavigate && (() => onNavigate('settings'));
  return (
    <section className="page campus-page" aria-labelledby="campus-title" data-testid="campus-page">
      <div className="page-head">
        <h2 id="campus-title">{t('campusPageTitle')}</h2>
      </div>
      <Text as="p">{t('campusPageIntro')}</Text>
      <Card className="campus-card" role="region" aria-labelledby="campus-wifi-title">
        <h3 id="campus-wifi-title" className="campus-card-title">
          {t('campusTitle')}
        </h3>
        <CampusStatusView idPrefix="campus-page" onOpenSettings={openSettings} />
      </Card>
      <Card className="campus-card" role="region" aria-labelledby="campus-changelog-title">
        <h3 id="campus-changelog-title" className="campus-card-title">
          {t('campusChangelogTitle')}
        </h3>
        <Text as="p">{t('campusChangelogIntro')}</Text>
        <ChangelogList onOpenSettings={openSettings} />
      </Card>
    </section>
  );
}
