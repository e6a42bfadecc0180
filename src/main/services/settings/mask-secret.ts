import type { SecretView } from '../../../shared/contract/settings';

const DOTS = '••••••';
/** Long keys show their last four characters so the owner can tell them apart; short ones show nothing. */
const HINT_MIN_LENGTH = 16;

export function maskSecret(secret: string | undefined): SecretView {
  if (secret === undefined || secret.length === 0) return { set: false, masked: '' };
  return { set: true, masked: secret.length >= HINT_MIN_LENGTH ? `${DOTS}${secret.slice(-4)}` : DOTS };
}

/** A token known only by its hash (after a restart without a keychain) is set, with nothing of it to show. */
export function maskTokenCheck(token: string | object | undefined): SecretView {
  return typeof token === 'object' ? { set: true, masked: DOTS } : maskSecret(token);
}
