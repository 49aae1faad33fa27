import { RATE_SCREEN_TEXTS as R, formatKsh, type TimeRate } from '@firm/shared';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useSetRate, useTimeRates } from '../../../components/time/rate-requests';
import { ListResults } from '../../../components/list/list-states';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorText, ApiError } from '../../../lib/api-client';

function RateRow({ rate }: { rate: TimeRate }) {
  const save = useSetRate();
  const [value, setValue] = useState(rate.hourlyRateKsh === null ? '' : String(rate.hourlyRateKsh));
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    save.mutate(
      { userId: rate.userId, hourlyRateKsh: value.trim() === '' ? Number.NaN : Number(value) },
      {
        onSuccess: () => toast.success(R.rateSaved(rate.name)),
        onError: (failure) => {
          const message =
            failure instanceof ApiError && failure.errors?.hourlyRateKsh
              ? failure.errors.hourlyRateKsh
              : errorText(failure, R.rateFailed);
          setError(message);
          toast.error(message);
        },
      },
    );
  };
  return (
    <li className="border-b border-slate-100 py-3 last:border-b-0">
      <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-48">
          <p className="text-sm font-medium break-words text-slate-900">{rate.name}</p>
          <p className="text-xs text-slate-600 capitalize">
            {rate.role} ·{' '}
            {rate.hourlyRateKsh === null ? R.noRate : R.perHour(formatKsh(rate.hourlyRateKsh))}
          </p>
        </div>
        <TextField
          label={R.rateLabel(rate.name)}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          className="w-40"
          value={value}
          error={error}
          onChange={(event) => setValue(event.target.value)}
        />
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          disabled={save.isPending}
          aria-label={R.saveRate(rate.name)}
        >
          {R.saveShort}
        </Button>
      </form>
    </li>
  );
}

/**
 * System Settings → Hourly rates (docs/product-rules.md#time-and-expenses, ADR 050): each
 * advocate's and admin's default rate, changed one person at a time; a rate changed here does
 * not reprice time already recorded.
 */
export function HourlyRatesPanel() {
  const rates = useTimeRates();
  return (
    <section aria-labelledby="hourly-rates-title" className="space-y-3">
      <h2 id="hourly-rates-title" className="text-lg font-semibold text-brand-900">
        {R.ratesTitle}
      </h2>
      <p className="text-sm text-slate-700">{R.ratesIntro}</p>
      <ListResults
        query={rates}
        loadingLabel={R.ratesLoading}
        failedText={R.ratesFailed}
        isEmpty={(list) => list.length === 0}
        empty={{ title: R.noRate }}
      >
        {(list) => (
          <ul aria-label={R.ratesCaption}>
            {list.map((rate) => (
              <RateRow key={rate.userId} rate={rate} />
            ))}
          </ul>
        )}
      </ListResults>
    </section>
  );
}
