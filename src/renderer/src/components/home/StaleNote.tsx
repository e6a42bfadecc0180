import { Text } from '@fluentui/react-components';
import { useFormats, useText } from '../../i18n';
import { useConnectionStore, useServiceUnreachable } from '../../stores/connection-store';
import { useStatusStore } from '../../stores/status-store';
import { useHomeStyles } from './home-styles';

/**
 * While the service cannot be reached, the time of the last reading; undefined while it answers. Cards that show
 * live values grey themselves out with it (issue 24: "Lista" stayed green and "running since" kept moving next to
 * "No connection").
 */
export function useStaleReading(): { stale: boolean; readAt: number | undefined } {
  const unreachable = useServiceUnreachable();
  const readAt = useStatusStore((state) => state.readAt);
  return { stale: unreachable, readAt };
}

/** The class a live card takes while stale (greyed, values kept for reference). */
export function useStaleClass(): string | undefined {
  const styles = useHomeStyles();
  return useStaleReading().stale ? styles.stale : undefined;
}

/** "No connection: last reading at 12:03:04", under a live card's title while the service is away. */
export function StaleNote() {
  const t = useText();
  const { dateTime } = useFormats();
  const { stale, readAt } = useStaleReading();
  // Signed out, the service is there: "no connection" would send the owner to check a service that runs (issue 32).
  const signedOut = useConnectionStore((store) => store.state === 'signed-out');
  if (!stale) return null;
  return (
    <Text size={200} weight="semibold" data-testid="stale-note">
      {signedOut
        ? t('staleSignedOut', { time: readAt === undefined ? '—' : dateTime(readAt) })
        : readAt === undefined
          ? t('homeStaleNever')
          : t('homeStaleSince', { time: dateTime(readAt) })}
    </Text>
  );
}
