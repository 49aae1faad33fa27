import { SIGN_IN_DEVICE_TEXTS } from '@firm/shared';
import Bowser from 'bowser';
import { createHash } from 'node:crypto';

export interface DeviceIdentity {
  /** The browser and system names' SHA-256: the same across a browser's updates. */
  key: string;
  /** "Chrome on Android", "Safari on iPhone", "Firefox on Windows"; "An unknown browser". */
  label: string;
}

/**
 * The system a person calls their device by: an iPhone or iPad rather than "iOS" (the same
 * Safari on each is two devices), else the system's name as bowser gives it.
 */
function systemName(parsed: Bowser.Parser.ParsedResult): string | null {
  const model = parsed.platform.model;
  if (parsed.os.name === 'iOS' && (model === 'iPhone' || model === 'iPad')) return model;
  return parsed.os.name?.trim() || null;
}

/**
 * Which device a sign-in came from, by its User-Agent header: the browser and system names only
 * (bowser, as Profile's sessions list; ADR 016). Versions are left out so an update is not a new
 * device; an unrecognised or missing header is one "unknown browser".
 */
export function identifyDevice(userAgent: string | null | undefined): DeviceIdentity {
  let browser: string | null = null;
  let system: string | null = null;
  if (userAgent) {
    try {
      const parsed = Bowser.parse(userAgent);
      browser = parsed.browser.name?.trim() || null;
      system = systemName(parsed);
    } catch {
      // An unparsable header is an unknown browser.
    }
  }
  const label = browser
    ? system
      ? `${browser} on ${system}`
      : browser
    : system
      ? `${SIGN_IN_DEVICE_TEXTS.unknownBrowser} on ${system}`
      : SIGN_IN_DEVICE_TEXTS.unknownBrowser;
  const key = createHash('sha256')
    .update(`${(browser ?? '').toLowerCase()}\n${(system ?? '').toLowerCase()}`)
    .digest('hex');
  return { key, label };
}
