import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles } from '@fluentui/react-components';
import { useText } from '../../i18n';
import { ProblemBar, usePlural } from '../../pages/page-parts';
import { useOriginsStore } from '../../stores/origins-store';

const useStyles = makeStyles({
  // A made-up origin can be long: it wraps instead of widening the window.
  bar: { marginBottom: '12px' },
  body: { overflowWrap: 'anywhere' },
  line: { display: 'block', marginTop: '4px' },
});

/**
 * "May this web site print?", on every page the owner may be on, without blocking what they are doing. The site shown
 * stays the same until it is answered (see the store), so the buttons always answer the site the owner reads.
 */
export function OriginPrompt() {
  const t = useText();
  const plural = usePlural();
  const styles = useStyles();
  const { asking, view, busy, problem, answer, refuseDomain, later } = useOriginsStore();
  if (!asking) return <DomainUndo />;
  const others = (view?.pending ?? []).filter((request) => request.origin !== asking.origin).length;
  const saving = busy === asking.origin;
  return (
    <>
      <DomainUndo />
      <MessageBar className={styles.bar} intent="warning" layout="multiline" data-testid="origin-prompt" data-origin={asking.origin}>
        <MessageBarBody className={styles.body}>
          <MessageBarTitle>{t('originPromptTitle', { origin: asking.origin })}</MessageBarTitle>
          <span className={styles.line}>{t('originPromptBody')}</span>
          {others > 0 && <span className={styles.line}>{plural('originPromptMore', others)}</span>}
        </MessageBarBody>
        <MessageBarActions>
          <Button appearance="primary" disabled={saving} onClick={() => void answer(asking.origin, true)}>
            {t('originAllow')}
          </Button>
          <Button disabled={saving} onClick={() => void answer(asking.origin, false)}>
            {t('originDeny')}
          </Button>
          {asking.domain !== null && (
            <Button
              disabled={saving}
              aria-label={t('originDenyDomainLabel', { domain: asking.domain })}
              data-testid="origin-prompt-deny-domain"
              onClick={() => void refuseDomain(asking)}
            >
              {t('originDenyDomain', { domain: asking.domain })}
            </Button>
          )}
          <Button appearance="subtle" disabled={saving} onClick={later}>
            {t('originLater')}
          </Button>
        </MessageBarActions>
      </MessageBar>
      {problem && <ProblemBar problem={problem} testId="origin-problem" />}
    </>
  );
}

/**
 * Right after "deny all of example.com", wherever it was chosen: a whole domain is a bigger answer than one site, so
 * it can be taken back at once (Settings lists it too, with Remove).
 */
export function DomainUndo() {
  const t = useText();
  const styles = useStyles();
  const { refusedDomain, busy, forgetDomain, closeUndo } = useOriginsStore();
  if (refusedDomain === undefined) return null;
  return (
    <MessageBar className={styles.bar} intent="success" layout="multiline" data-testid="origin-domain-undo" data-domain={refusedDomain}>
      <MessageBarBody className={styles.body}>{t('originDomainRefused', { domain: refusedDomain })}</MessageBarBody>
      <MessageBarActions>
        <Button disabled={busy === refusedDomain} onClick={() => void forgetDomain(refusedDomain)}>
          {t('originUndo')}
        </Button>
        <Button appearance="subtle" onClick={closeUndo}>
          {t('originUndoClose')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
