import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, Field, Input, Select, Text } from '@fluentui/react-components';
import { useText } from '../../i18n';
import { useSettingsPageStore } from '../../stores/settings-page-store';
import { FleetFieldset } from './FleetFieldset';
import { invalid, isFixed, useFixedHint } from './field-parts';
import { LIMITS, servicesShown, type SettingsFormParts } from './settings-draft';
import { TlsFieldset } from './TlsFieldset';

const ADVANCED = 'advanced';

/**
 * "Avanzado": what only whoever installs or looks after the computer touches — who may reach the service and on
 * which port, the print queue's limits, the secure connection's files, remote printing, the outside services'
 * addresses. Closed at first, so the café's own settings come first; once opened it stays open while the window is.
 */
export function AdvancedSettings({ form }: { form: SettingsFormParts }) {
  const t = useText();
  const open = useSettingsPageStore((state) => state.advancedOpen);
  return (
    <Accordion
      collapsible
      openItems={open ? [ADVANCED] : []}
      onToggle={(_event, data) => useSettingsPageStore.getState().setAdvancedOpen(data.openItems.includes(ADVANCED))}
      className="settings-advanced"
      data-testid="settings-advanced"
    >
      <AccordionItem value={ADVANCED}>
        <AccordionHeader as="h3" size="large" expandIconPosition="start">
          {t('settingsAdvanced')}
        </AccordionHeader>
        <Text as="p" block size={200} className="settings-advanced-intro">
          {t('settingsAdvancedIntro')}
        </Text>
        <AccordionPanel>
          <div className="settings-grid">
            <NetworkFieldset form={form} />
            <QueueFieldset form={form} />
            <TlsFieldset
              settings={form.settings}
              draft={form.draft.tls}
              errors={form.errors}
              onChange={(field, value) => form.change('tls', { ...form.draft.tls, [field]: value })}
            />
            <FleetFieldset
              settings={form.settings}
              draft={form.draft.fleet}
              errors={form.errors}
              onChange={(field, value) => form.change('fleet', { ...form.draft.fleet, [field]: value })}
              password={form.draft.secrets.fleetPassword}
              onPassword={(value) => form.changeSecret('fleetPassword', value)}
            />
            <ServiceAddresses form={form} />
          </div>
        </AccordionPanel>
      </AccordionItem>
    </Accordion>
  );
}

/** Who may reach the service (this computer or the whole shop network) and on which port. */
function NetworkFieldset({ form: { settings, draft, errors, change } }: { form: SettingsFormParts }) {
  const t = useText();
  const hint = useFixedHint(settings);
  return (
    <fieldset className="card">
      <legend>{t('sectionNetwork')}</legend>
      <Field label={t('environment')} hint={hint('env')}>
        <Select
          value={draft.env}
          disabled={isFixed(settings, 'env')}
          onChange={(_event, data) => change('env', data.value === 'production' ? 'production' : 'development')}
        >
          <option value="development">{t('envDevelopment')}</option>
          <option value="production">{t('envProduction')}</option>
        </Select>
      </Field>
      <Field label={t('port')} hint={hint('port')} {...invalid(errors.port)}>
        <Input type="number" min={1} max={65535} value={draft.port} disabled={isFixed(settings, 'port')} onChange={(_event, data) => change('port', data.value)} />
      </Field>
    </fieldset>
  );
}

/** How many tickets wait at most, how many a minute are taken, how long a held ticket is kept. */
function QueueFieldset({ form: { settings, draft, errors, change } }: { form: SettingsFormParts }) {
  const t = useText();
  const hint = useFixedHint(settings);
  return (
    <fieldset className="card">
      <legend>{t('sectionQueue')}</legend>
      <Field label={t('queueCapacity')} hint={hint('queueCapacity')} {...invalid(errors.queueCapacity)}>
        <Input
          type="number"
          min={1}
          value={draft.queueCapacity}
          disabled={isFixed(settings, 'queueCapacity')}
          onChange={(_event, data) => change('queueCapacity', data.value)}
        />
      </Field>
      <Field label={t('rateLimit')} hint={hint('rateLimit', t('rateLimitHint'))} {...invalid(errors.rateLimit)}>
        <Input type="number" min={0} value={draft.rateLimit} disabled={isFixed(settings, 'rateLimit')} onChange={(_event, data) => change('rateLimit', data.value)} />
      </Field>
      <Field label={t('heldExpiryLabel')} hint={hint('heldJobExpiryMinutes', t('heldExpiryHint'))} {...invalid(errors.heldJobExpiryMinutes)}>
        <Input
          type="number"
          min={LIMITS.heldJobExpiryMinutes[0]}
          max={LIMITS.heldJobExpiryMinutes[1]}
          value={draft.heldJobExpiryMinutes}
          disabled={isFixed(settings, 'heldJobExpiryMinutes')}
          onChange={(_event, data) => change('heldJobExpiryMinutes', data.value)}
        />
      </Field>
    </fieldset>
  );
}

/** Where each outside service is reached; empty: the vendor's own. Their keys stay with the café's settings. */
function ServiceAddresses({ form: { settings, draft, errors, change } }: { form: SettingsFormParts }) {
  const t = useText();
  const hint = useFixedHint(settings);
  return (
    <fieldset className="card" data-testid="settings-service-addresses">
      <legend>{t('settingsServiceAddresses')}</legend>
      <Text as="p" size={200}>
        {t('serviceUrlHint')}
      </Text>
      {servicesShown(settings).map((service) => (
        <Field key={service.url} label={t(service.title)} hint={hint(service.url)} {...invalid(errors[service.url])}>
          <Input
            type="url"
            value={draft[service.url]}
            disabled={isFixed(settings, service.url)}
            placeholder="https://…"
            onChange={(_event, data) => change(service.url, data.value)}
          />
        </Field>
      ))}
    </fieldset>
  );
}
