import { Tab, TabList, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { KeysSection } from '../components/admin/KeysSection';
import { UsageSection } from '../components/admin/UsageSection';
import { useText } from '../i18n';

type Section = 'keys' | 'usage';

/** The organization admin of the translation account: its developer keys, and where the characters went. */
export function AdminPage() {
  const t = useText();
  const [section, setSection] = useState<Section>('keys');
  return (
    <section className="page admin-page" aria-labelledby="admin-title">
      <div className="page-head">
        <h2 id="admin-title">{t('adminTitle')}</h2>
      </div>
      <Text>{t('adminIntro')}</Text>
      <TabList selectedValue={section} onTabSelect={(_event, data) => setSection(data.value === 'usage' ? 'usage' : 'keys')} aria-label={t('adminSections')}>
        <Tab value="keys">{t('adminTabKeys')}</Tab>
        <Tab value="usage">{t('adminTabUsage')}</Tab>
      </TabList>
      <div role="tabpanel" aria-label={t(section === 'keys' ? 'adminTabKeys' : 'adminTabUsage')}>
        {section === 'keys' ? <KeysSection /> : <UsageSection />}
      </div>
    </section>
  );
}
