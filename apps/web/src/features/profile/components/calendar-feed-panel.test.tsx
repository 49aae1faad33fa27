import { CALENDAR_FEED_TEXTS as T } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../testing/render';
import { CalendarFeedPanel } from './calendar-feed-panel';

const URL_1 = 'http://portal.test/api/calendar/first-secret-token-0123456789abcdef.ics';
const URL_2 = 'http://portal.test/api/calendar/second-secret-token-0123456789abcdef.ics';

describe('CalendarFeedPanel', () => {
  it('creates the feed and shows its address once, labelled, with Copy', async () => {
    let active = false;
    const calls = mockApi({
      'GET /profile/calendar-feed': () => [
        200,
        { active, createdAt: active ? '2026-11-25T10:00:00.000Z' : null },
      ],
      'POST /profile/calendar-feed': () => {
        active = true;
        return [
          200,
          { active, createdAt: '2026-11-25T10:00:00.000Z', url: URL_1, message: T.created },
        ];
      },
    });
    renderWithApp(<CalendarFeedPanel />);
    expect(await screen.findByText(T.none)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: T.create }));
    expect(await screen.findByRole('textbox', { name: T.addressLabel })).toHaveValue(URL_1);
    expect(screen.getByRole('button', { name: T.copy })).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('replaces and revokes only after confirming', async () => {
    let active = true;
    const calls = mockApi({
      'GET /profile/calendar-feed': () => [
        200,
        { active, createdAt: active ? '2026-11-25T10:00:00.000Z' : null },
      ],
      'POST /profile/calendar-feed': [
        200,
        { active: true, createdAt: '2026-11-25T11:00:00.000Z', url: URL_2, message: T.replaced },
      ],
      'DELETE /profile/calendar-feed': () => {
        active = false;
        return [200, { success: true, message: T.revoked }];
      },
    });
    renderWithApp(<CalendarFeedPanel />);
    await userEvent.click(await screen.findByRole('button', { name: T.replace }));
    const replaceDialog = await screen.findByRole('dialog', { name: `${T.replace}?` });
    expect(within(replaceDialog).getByText(T.confirmReplace)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(replaceDialog).getByRole('button', { name: T.replace }));
    expect(await screen.findByRole('textbox', { name: T.addressLabel })).toHaveValue(URL_2);

    await userEvent.click(screen.getByRole('button', { name: T.revoke }));
    const revokeDialog = await screen.findByRole('dialog', { name: `${T.revoke}?` });
    await userEvent.click(within(revokeDialog).getByRole('button', { name: T.cancel }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: T.revoke }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: `${T.revoke}?` })).getByRole('button', {
        name: T.revoke,
      }),
    );
    await waitFor(() => expect(screen.getByText(T.none)).toBeVisible());
    expect(screen.queryByRole('textbox', { name: T.addressLabel })).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
