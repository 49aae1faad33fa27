import Bowser from 'bowser';

export interface DeviceDescription {
  browser: string | null;
  os: string | null;
  device: string | null;
}

/**
 * Browser, operating system and kind of device from a User-Agent header, for the list of signed-in
 * devices (bowser: MIT, no dependencies, server side only). Unknown parts are null.
 */
export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { browser: null, os: null, device: null };
  try {
    const parsed = Bowser.parse(userAgent);
    const join = (...parts: (string | undefined)[]) =>
      parts.filter((part) => part && part.trim() !== '').join(' ') || null;
    const major = parsed.browser.version?.split('.')[0];
    return {
      browser: join(parsed.browser.name, major),
      os: join(parsed.os.name, parsed.os.versionName ?? parsed.os.version),
      device: parsed.platform.type ?? null,
    };
  } catch {
    return { browser: null, os: null, device: null };
  }
}
