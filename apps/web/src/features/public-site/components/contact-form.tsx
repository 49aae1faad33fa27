import {
  CONTACT_URGENCIES,
  LIMITS,
  MESSAGES,
  contactMessageInputSchema,
  type ContactMessageCreated,
  type ContactMessageInput,
} from '@firm/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Link } from 'react-router';
import { ApiError, api, errorText } from '../../../lib/api-client';

const URGENCY_LABELS: Record<(typeof CONTACT_URGENCIES)[number], string> = {
  normal: 'Normal',
  urgent: 'Urgent',
  emergency: 'Emergency',
};

const EMPTY: ContactMessageInput = {
  name: '',
  email: '',
  phone: '',
  subject: '',
  message: '',
  urgency: 'normal',
  consent: false as unknown as true,
  website: '',
};

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 aria-invalid:border-red-700';

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/**
 * The contact form of SPEC sections 2, 4 and 5. It posts to the API (the spec's 2-second
 * "sending" state was a simulation of this request), shows the spec's success alert and resets.
 * On failure nothing the visitor typed is lost.
 */
export function ContactForm() {
  const [status, setStatus] = useState<
    { kind: 'idle' } | { kind: 'sent' } | { kind: 'failed'; text: string }
  >({ kind: 'idle' });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput>({
    resolver: zodResolver(contactMessageInputSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    setStatus({ kind: 'idle' });
    try {
      await api.post<ContactMessageCreated>('/contact-messages', values);
      reset(EMPTY);
      setStatus({ kind: 'sent' });
    } catch (error) {
      if (error instanceof ApiError && error.errors) {
        for (const [field, message] of Object.entries(error.errors)) {
          setError(field as FieldPath<ContactMessageInput>, { message });
        }
      }
      setStatus({
        kind: 'failed',
        text: `Your message was not sent: ${errorText(error)}. What you typed is still here; please try again, or call us.`,
      });
    }
  });

  const describedBy = (field: keyof ContactMessageInput) =>
    errors[field] ? `contact-${field}-error` : undefined;

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title" className="space-y-4">
      <h2 id="contact-form-title" className="text-2xl font-bold text-brand-900">
        Send Us a Message
      </h2>
      {status.kind === 'sent' ? (
        <p
          role="alert"
          className="rounded-md border border-green-700 bg-green-50 p-4 text-green-900"
        >
          {MESSAGES.contactSuccess}
        </p>
      ) : null}
      {status.kind === 'failed' ? (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
          {status.text}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="contact-name" className="font-medium text-slate-800">
            Full Name <span aria-hidden="true">*</span>
          </label>
          <input
            id="contact-name"
            autoComplete="name"
            required
            maxLength={LIMITS.nameMax}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
            className={inputClass}
            {...register('name')}
          />
          <FieldError id="contact-name-error" message={errors.name?.message} />
        </div>
        <div>
          <label htmlFor="contact-email" className="font-medium text-slate-800">
            Email Address <span aria-hidden="true">*</span>
          </label>
          <input
            id="contact-email"
            type="email"
            autoComplete="email"
            required
            maxLength={LIMITS.emailMax}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email')}
            className={inputClass}
            {...register('email')}
          />
          <FieldError id="contact-email-error" message={errors.email?.message} />
        </div>
        <div>
          <label htmlFor="contact-phone" className="font-medium text-slate-800">
            Phone Number <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <input
            id="contact-phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            maxLength={LIMITS.phoneMax}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={describedBy('phone')}
            className={inputClass}
            {...register('phone')}
          />
          <FieldError id="contact-phone-error" message={errors.phone?.message} />
        </div>
        <div>
          <label htmlFor="contact-urgency" className="font-medium text-slate-800">
            Urgency Level
          </label>
          <select
            id="contact-urgency"
            aria-invalid={errors.urgency ? true : undefined}
            aria-describedby={describedBy('urgency')}
            className={inputClass}
            {...register('urgency')}
          >
            {CONTACT_URGENCIES.map((urgency) => (
              <option key={urgency} value={urgency}>
                {URGENCY_LABELS[urgency]}
              </option>
            ))}
          </select>
          <FieldError id="contact-urgency-error" message={errors.urgency?.message} />
        </div>
      </div>
      <div>
        <label htmlFor="contact-subject" className="font-medium text-slate-800">
          Subject <span aria-hidden="true">*</span>
        </label>
        <input
          id="contact-subject"
          required
          maxLength={LIMITS.subjectMax}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={describedBy('subject')}
          className={inputClass}
          {...register('subject')}
        />
        <FieldError id="contact-subject-error" message={errors.subject?.message} />
      </div>
      <div>
        <label htmlFor="contact-message" className="font-medium text-slate-800">
          Message <span aria-hidden="true">*</span>
        </label>
        <textarea
          id="contact-message"
          required
          rows={6}
          maxLength={LIMITS.messageMax}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message')}
          className={inputClass}
          {...register('message')}
        />
        <FieldError id="contact-message-error" message={errors.message?.message} />
      </div>
      {/* Honeypot: hidden from people and from assistive technology; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <div>
        <div className="flex items-start gap-3">
          <input
            id="contact-consent"
            type="checkbox"
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={describedBy('consent')}
            className="mt-1 size-4 shrink-0"
            {...register('consent')}
          />
          <label htmlFor="contact-consent" className="text-sm text-slate-800">
            I agree that Mwamba &amp; Associates Advocates may use the details above to reply to my
            message, as described in the{' '}
            <Link to="/privacy" className="font-medium text-brand-700 underline">
              Privacy Policy
            </Link>
            .
          </label>
        </div>
        <FieldError id="contact-consent-error" message={errors.consent?.message} />
      </div>
      <button
        type="submit"
        disabled={isSubmitting}
        className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70 sm:w-auto"
      >
        {isSubmitting ? 'Sending…' : 'Send Message'}
      </button>
    </form>
  );
}
