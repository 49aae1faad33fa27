import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offices } from '../../../content/firm';
import { http, HttpResponse, server } from '../../../testing/msw';
import { mockApi } from '../../../testing/render';

const maps = vi.hoisted(() => ({ mountLeafletMap: vi.fn(), mountGoogleMap: vi.fn() }));
vi.mock('./leaflet-map', () => ({ mountLeafletMap: maps.mountLeafletMap }));
vi.mock('./google-maps', () => ({ mountGoogleMap: maps.mountGoogleMap }));

const handle = () => ({ focus: vi.fn(), destroy: vi.fn() });

/** jsdom has no IntersectionObserver: everything observed is in view at once. */
class InViewObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback(
      [{ isIntersecting: true, target } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
  disconnect() {}
}

function setScreen({ isWide }: { isWide: boolean }) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: isWide && query === '(min-width: 64rem)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

/** A fresh module each time: it remembers the public config and whether a map was asked for. */
async function renderMap() {
  const { OfficeMap } = await import('./office-map');
  return render(<OfficeMap offices={offices} />);
}

beforeEach(() => {
  vi.resetModules();
  maps.mountLeafletMap.mockReset().mockImplementation(handle);
  maps.mountGoogleMap.mockReset().mockImplementation(async () => handle());
  vi.stubGlobal('IntersectionObserver', InViewObserver);
});

afterEach(() => vi.restoreAllMocks());

describe('OfficeMap', () => {
  it('on a phone, downloads nothing until the visitor taps Show map', async () => {
    setScreen({ isWide: false });
    // The server answers once the test has seen the loading state: nothing races the assertion.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let configCalls = 0;
    server.use(
      http.get('/api/public-config', async () => {
        configCalls += 1;
        await answered;
        return HttpResponse.json({ googleMapsApiKey: null });
      }),
    );
    await renderMap();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(maps.mountLeafletMap).not.toHaveBeenCalled();
    expect(configCalls).toBe(0);

    await userEvent.click(screen.getByRole('button', { name: 'Show map' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading OpenStreetMap...');
    expect(screen.getByRole('region', { name: 'Map of our offices' })).toHaveFocus();
    answer();
    await waitFor(() => expect(maps.mountLeafletMap).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Show map' })).toBeNull();
  });

  it('on a wide screen, loads by itself once in view and idle', async () => {
    setScreen({ isWide: true });
    mockApi({ 'GET /public-config': [200, { googleMapsApiKey: null }] });
    await renderMap();
    await waitFor(() => expect(maps.mountLeafletMap).toHaveBeenCalledTimes(1));
    expect(maps.mountLeafletMap.mock.calls[0]![1]).toBe(offices);
  });

  it('uses Google Maps when the server has a key', async () => {
    setScreen({ isWide: true });
    mockApi({ 'GET /public-config': [200, { googleMapsApiKey: 'test-key' }] });
    await renderMap();
    await waitFor(() => expect(maps.mountGoogleMap).toHaveBeenCalledTimes(1));
    expect(maps.mountGoogleMap.mock.calls[0]![0]).toBe('test-key');
    expect(maps.mountLeafletMap).not.toHaveBeenCalled();
  });

  it('shows the failure screen with the offices, and retries', async () => {
    setScreen({ isWide: false });
    mockApi({ 'GET /public-config': [200, { googleMapsApiKey: null }] });
    maps.mountLeafletMap.mockImplementation(() => {
      throw new Error('chunk failed');
    });
    await renderMap();
    await userEvent.click(screen.getByRole('button', { name: 'Show map' }));
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Map Loading Error');
    expect(failure).toHaveTextContent('Failed to load OpenStreetMap');
    for (const office of offices) expect(failure).toHaveTextContent(office.name);

    maps.mountLeafletMap.mockImplementation(handle);
    await userEvent.click(screen.getByRole('button', { name: 'Retry Loading Map' }));
    await waitFor(() => expect(maps.mountLeafletMap).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
