import { APPOINTMENT_MESSAGES as M } from '@firm/shared';
import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Link } from 'react-router';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/text-field';
import { whyChooseUs } from '../../../content/practice-areas';
import type { BookingValues } from './booking-values';

/**
 * What a visitor (no account) adds to a booking: who they are, how to reach them and their
 * consent to the privacy policy, then 'Why Choose Our Legal Services?' (docs/product-rules.md#screens).
 */
export function VisitorDetailsFields({
  register,
  errors,
}: {
  register: UseFormRegister<BookingValues>;
  errors: FieldErrors<BookingValues>;
}) {
  const honeypotId = `${useId()}-website`;
  return (
    <>
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">Your details</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First Name"
            required
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Last Name"
            required
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
          <TextField
            label="Email Address"
            type="email"
            required
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Phone Number"
            type="tel"
            required
            autoComplete="tel"
            placeholder="0712 345 678"
            error={errors.phone?.message}
            {...register('phone')}
          />
        </div>
        {/* Honeypot: hidden from people and from assistive technology; bots fill it in. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor={honeypotId}>Website</label>
          <input id={honeypotId} tabIndex={-1} autoComplete="off" {...register('website')} />
        </div>
        <Checkbox
          label={
            <>
              I agree that Mwamba &amp; Associates Advocates may use these details to arrange my
              appointment, as described in the{' '}
              <Link to="/privacy" className="font-medium text-brand-700 underline">
                Privacy Policy
              </Link>
              .
            </>
          }
          error={errors.consent?.message}
          {...register('consent')}
        />
      </fieldset>
      <WhyChooseUs />
    </>
  );
}

function WhyChooseUs() {
  return (
    <section aria-labelledby="why-choose-us" className="rounded-lg bg-brand-50 p-4">
      <h3 id="why-choose-us" className="font-semibold text-brand-900">
        {M.whyChooseUs}
      </h3>
      <ul className="mt-2 space-y-2 text-sm text-slate-700">
        {whyChooseUs.map((point) => (
          <li key={point.title}>
            <span className="font-medium text-slate-900">{point.title}.</span> {point.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
