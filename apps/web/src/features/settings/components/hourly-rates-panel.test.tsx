import { RATE_SCREEN_TEXTS as R } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApi } from '../../../testing/msw';
import { renderWithApp } from '../../../testing/render';
import { HourlyRatesPanel } from './hourly-rates-panel';

const WANJIRU = '00000000-0000-4000-8000-000000000001';
const NJERI = '00000000-0000-4000-8000-000000000002';

function api() {
  return answerApi((method, path, body) => {
    if (method === 'GET' && path === '/time-rates') {
      return [
        200,
        {
          rates: [
            { userId: WANJIRU, name: 'Wanjiru Kamau', role: 'advocate', hourlyRateKsh: 15_000 },
            { userId: NJERI, name: 'Njeri Mwangi', role: 'admin', hourlyRateKsh: null },
          ],
        },
      ];
    }
    if (method === 'PUT' && path === `/time-rates/${NJERI}`) {
      const rate = (body as { hourlyRateKsh: unknown }).hourlyRateKsh;
      if (typeof rate !== 'number' || !Number.isInteger(rate) || rate < 0) {
        const message = 'Give the rate in whole shillings an hour, 0 or more';
        return [400, { message, errors: { hourlyRateKsh: message } }];
      }
      return [200, { userId: NJERI, name: 'Njeri Mwangi', role: 'admin', hourlyRateKsh: rate }];
    }
    return undefined;
  });
}

describe('System Settings: hourly rates', () => {
  it('lists each person’s default rate, or that none is set', async () => {
    api();
    renderWithApp(<HourlyRatesPanel />);
    const list = await screen.findByRole('list', { name: R.ratesCaption });
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]!).getByText(R.perHour('KSh 15,000'), { exact: false })).toBeVisible();
    expect(within(rows[1]!).getByText(R.noRate, { exact: false })).toBeVisible();
    expect(within(rows[0]!).getByLabelText(R.rateLabel('Wanjiru Kamau'))).toHaveValue(15_000);
  });

  it('saves one person’s rate, and shows the server’s message under the field', async () => {
    const user = userEvent.setup();
    const calls = api();
    renderWithApp(<HourlyRatesPanel />);
    const field = await screen.findByLabelText(R.rateLabel('Njeri Mwangi'));
    await user.type(field, '12.5');
    await user.click(screen.getByRole('button', { name: R.saveRate('Njeri Mwangi') }));
    expect(
      await screen.findAllByText('Give the rate in whole shillings an hour, 0 or more'),
    ).not.toHaveLength(0);
    await user.clear(field);
    await user.type(field, '9000');
    await user.click(screen.getByRole('button', { name: R.saveRate('Njeri Mwangi') }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
        hourlyRateKsh: 9_000,
      }),
    );
    expect(await screen.findByText(R.rateSaved('Njeri Mwangi'))).toBeInTheDocument();
  });
});
