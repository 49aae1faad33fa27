import { afterEach, describe, expect, it, vi } from 'vitest';
import { GOOGLE_MAPS_RETRIES, loadGoogleMaps } from './google-maps';

/** Makes each Maps <script> the loader appends fail, until `failures` have failed. */
function scriptsThatFail(failures: number) {
  let attempts = 0;
  const append = vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    const script = nodes[0] as HTMLScriptElement;
    attempts += 1;
    queueMicrotask(() => {
      if (attempts <= failures) {
        script.onerror?.(new Event('error'));
      } else {
        window.google = { maps: { Map: vi.fn(), Marker: vi.fn() } as never };
        window.__firmGoogleMapsReady?.();
      }
    });
  });
  return { append, attempts: () => attempts };
}

afterEach(() => {
  vi.restoreAllMocks();
  delete window.google;
});

describe('the Google Maps loader (retries with a growing delay)', () => {
  it('retries up to 3 times, waiting longer each time', async () => {
    const { attempts } = scriptsThatFail(3);
    const waits: number[] = [];
    const maps = await loadGoogleMaps('AIzaKey', async (ms) => {
      waits.push(ms);
    });
    expect(maps.Map).toBeDefined();
    expect(attempts()).toBe(1 + GOOGLE_MAPS_RETRIES);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('gives up after the third retry', async () => {
    const { attempts } = scriptsThatFail(10);
    await expect(loadGoogleMaps('AIzaKey', async () => {})).rejects.toThrow(
      'Google Maps script failed to load',
    );
    expect(attempts()).toBe(4);
  });

  it('puts the key in the script address', async () => {
    const { append } = scriptsThatFail(0);
    await loadGoogleMaps('AIza key/1', async () => {});
    const script = append.mock.calls[0]![0] as HTMLScriptElement;
    expect(script.src).toContain('https://maps.googleapis.com/maps/api/js?key=AIza%20key%2F1');
  });
});
