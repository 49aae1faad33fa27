import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';

describe('GET /api/public-config and the maps CSP', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it('has no Google key by default, and the CSP allows OpenStreetMap tiles only', async () => {
    ctx = await createTestContext();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ googleMapsApiKey: null });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: https://tile.openstreetmap.org");
    expect(csp).not.toContain('maps.googleapis.com');
  });

  it('hands out a configured browser key and lets Google Maps through the CSP', async () => {
    ctx = await createTestContext({ GOOGLE_MAPS_API_KEY: 'AIzaTestKey_0123456789abcdef' });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(response.json()).toMatchObject({ googleMapsApiKey: 'AIzaTestKey_0123456789abcdef' });
    expect(String(response.headers['content-security-policy'])).toContain(
      "script-src 'self' https://maps.googleapis.com",
    );
  });
});
