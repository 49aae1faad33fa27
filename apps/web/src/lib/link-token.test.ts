import { afterEach, describe, expect, it } from 'vitest';
import { readResetToken, removeResetTokenFromAddress } from './link-token';

describe('the token of an emailed reset link', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('is read from the fragment, which is never sent to the server', () => {
    window.history.replaceState(null, '', '/reset-password#token=abc_123-XYZ');
    expect(readResetToken(window.location)).toBe('abc_123-XYZ');
  });

  it('is still read from the query string of links emailed before', () => {
    window.history.replaceState(null, '', '/reset-password?token=old-link');
    expect(readResetToken(window.location)).toBe('old-link');
  });

  it('is null when the link has none', () => {
    window.history.replaceState(null, '', '/reset-password');
    expect(readResetToken(window.location)).toBeNull();
  });

  it('leaves the address bar once read, keeping the router state and other parameters', () => {
    window.history.replaceState({ idx: 3 }, '', '/reset-password?ref=mail&token=old#token=new');
    removeResetTokenFromAddress(window.location, window.history);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/reset-password?ref=mail',
    );
    expect(window.history.state).toEqual({ idx: 3 });
  });
});
