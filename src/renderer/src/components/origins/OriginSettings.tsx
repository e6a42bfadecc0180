import { Button, Field, Input, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { originOfTyped, type OriginRequest } from '../../../../shared/contract/origin-types';
import { MAX_ALLOWED_ORIGINS } from '../../../../shared/contract/settings';
import { useFormats, useText, type TextKey } from '../../i18n';
import { ProblemBar, usePlural } from '../../pages/page-parts';
import { useOriginsStore } from '../../stores/origins-store';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '6px' },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: '8px', rowGap: '4px' },
  site: { flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' },
  seen: { display: 'block', color: tokens.colorNeutralForeground3 },
  heading: { margin: '4px 0 0', fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  text: { margin: 0 },
  add: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '8px' },
  addField: { alignSelf: 'stretch' },
});

/**
 * Settings' list of web sites: those waiting for an answer, the allowed and the denied ones, each answered or
 * removed at once (no Save: the service applies them to the next connection).
 */
export function OriginSettings() {
  const t = useText();
  const plural = usePlural();
  const styles = useStyles();
  const { view, problem, busy, answer, forget, forgetDomain } = useOriginsStore();
  useEffect(() => {
    void useOriginsStore.getState().load();
  }, []);
  if (!view) return problem ? <ProblemBar problem={problem} /> : null;
  const fixed = view.fixedBy !== null;

  const sites = (title: TextKey, origins: string[], testId: string, remove: boolean) => (
    <section aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h3 id={`${testId}-title`} className={styles.heading}>
        {t(title)}
      </h3>
      {origins.length === 0 ? (
        <Text>{t('originsNone')}</Text>
      ) : (
        <ul className={styles.list}>
          {origins.map((origin) => (
            <li key={origin} className={styles.row}>
              <span className={styles.site}>{origin}</span>
              {remove && (
                <Button type="button" size="small" disabled={busy === origin} aria-label={t('originsRemoveLabel', { origin })} onClick={() => void forget(origin)}>
                  {t('originsRemove')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <fieldset className="card" data-testid="origin-settings">
      <legend>{t('originsTitle')}</legend>
      {fixed ? (
        <MessageBar intent="info" layout="multiline" data-testid="origins-fixed">
          <MessageBarBody>{t('originsFixed', { flag: view.fixedBy ?? '' })}</MessageBarBody>
        </MessageBar>
      ) : (
        <Text as="p" className={styles.text}>
          {t('originsIntro')}
        </Text>
      )}
      <Text as="p" size={200} className={styles.text}>
        {t('originsAlways')}
      </Text>
      {!fixed && view.pending.length > 0 && <PendingSites pending={view.pending} />}
      {!fixed && view.notAsked > 0 && (
        <MessageBar intent="warning" layout="multiline" data-testid="origins-not-asked">
          <MessageBarBody>{plural('originsNotAsked', view.notAsked)}</MessageBarBody>
        </MessageBar>
      )}
      {sites('originsAllowed', view.allowed, 'origins-allowed', !fixed)}
      {!fixed && sites('originsDenied', view.denied, 'origins-denied', true)}
      {!fixed && view.deniedDomains.length > 0 && (
        <section aria-labelledby="origins-denied-domains-title" data-testid="origins-denied-domains">
          <h3 id="origins-denied-domains-title" className={styles.heading}>
            {t('originsDeniedDomains')}
          </h3>
          <ul className={styles.list}>
            {view.deniedDomains.map((domain) => (
              <li key={domain} className={styles.row}>
                <span className={styles.site}>{t('originsDomainRow', { domain })}</span>
                <Button
                  type="button"
                  size="small"
                  disabled={busy === domain}
                  aria-label={t('originsRemoveDomainLabel', { domain })}
                  onClick={() => void forgetDomain(domain)}
                >
                  {t('originsRemove')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {!fixed && <AddSite full={view.allowed.length >= MAX_ALLOWED_ORIGINS} onAdd={(origin) => answer(origin, true)} />}
      {problem && <ProblemBar problem={problem} testId="origins-error" />}
    </fieldset>
  );
}

function PendingSites({ pending }: { pending: OriginRequest[] }) {
  const t = useText();
  const plural = usePlural();
  const { dateTime } = useFormats();
  const styles = useStyles();
  const { busy, answer, refuseDomain } = useOriginsStore();
  // Newest first: the site the owner just opened is on top.
  const newestFirst = [...pending].sort((a, b) => b.lastSeen - a.lastSeen);
  return (
    <section aria-labelledby="origins-pending-title" data-testid="origins-pending">
      <h3 id="origins-pending-title" className={styles.heading}>
        {t('originsPending')}
      </h3>
      <ul className={styles.list}>
        {newestFirst.map((request) => (
          <li key={request.origin} className={styles.row}>
            <span className={styles.site}>
              {request.origin}
              <Text size={200} className={styles.seen}>
                {plural('originsSeen', request.attempts)} · {t('originsLastSeen', { when: dateTime(request.lastSeen) })}
              </Text>
            </span>
            <Button
              type="button"
              size="small"
              appearance="primary"
              disabled={busy === request.origin}
              aria-label={t('originsAllowLabel', { origin: request.origin })}
              onClick={() => void answer(request.origin, true)}
            >
              {t('originAllow')}
            </Button>
            <Button
              type="button"
              size="small"
              disabled={busy === request.origin}
              aria-label={t('originsDenyLabel', { origin: request.origin })}
              onClick={() => void answer(request.origin, false)}
            >
              {t('originDeny')}
            </Button>
            {request.domain !== null && (
              <Button
                type="button"
                size="small"
                disabled={busy === request.origin}
                aria-label={t('originDenyDomainLabel', { domain: request.domain })}
                onClick={() => void refuseDomain(request)}
              >
                {t('originDenyDomain', { domain: request.domain })}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function AddSite({ full, onAdd }: { full: boolean; onAdd(origin: string): Promise<boolean> }) {
  const t = useText();
  const styles = useStyles();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const origin = originOfTyped(text);
  const error = full ? t('originsFull', { max: MAX_ALLOWED_ORIGINS }) : tried && origin === undefined ? t('originsInvalid', { origin: text.trim() }) : undefined;
  const add = async () => {
    setTried(true);
    if (origin === undefined || full) return;
    if (await onAdd(origin)) {
      setText('');
      setTried(false);
    }
  };
  // Enter adds the site: it must not submit the settings form around this card.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void add();
  };
  return (
    <div className={styles.add}>
      <Field
        className={styles.addField}
        label={t('originsAdd')}
        hint={t('originsAddHint')}
        {...(error ? { validationState: 'error' as const, validationMessage: error } : {})}
      >
        {/* Text, not url: a bare name (tpv.mitienda.es) is what most owners type, and is welcome. */}
        <Input inputMode="url" autoComplete="off" spellCheck={false} value={text} placeholder={t('originsAddPlaceholder')} onKeyDown={onKeyDown} onChange={(_event, data) => setText(data.value)} />
      </Field>
      <Button type="button" disabled={full || text.trim() === ''} onClick={() => void add()}>
        {t('originAllow')}
      </Button>
    </div>
  );
}
