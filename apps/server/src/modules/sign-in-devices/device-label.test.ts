import { describe, expect, it } from 'vitest';
import { identifyDevice } from './device-label';

describe('identifyDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iPad',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    ['curl/8.5.0', 'An unknown browser'],
    ['', 'An unknown browser'],
  ])('%s → %s', (userAgent, label) => {
    expect(identifyDevice(userAgent).label).toBe(label);
  });

  it('is an unknown browser without a header, and one device across a browser’s versions', () => {
    expect(identifyDevice(null).label).toBe('An unknown browser');
    expect(identifyDevice(undefined).key).toBe(identifyDevice('').key);
    const chrome131 =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const chrome132 = chrome131.replace('131.0.0.0', '132.0.6834.83');
    const firefox =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
    expect(identifyDevice(chrome132).key).toBe(identifyDevice(chrome131).key);
    expect(identifyDevice(firefox).key).not.toBe(identifyDevice(chrome131).key);
    expect(identifyDevice(chrome131).key).toMatch(/^[0-9a-f]{64}$/);
  });
});
