import { CONTACT_MESSAGES, CONTACT_URGENCIES, FIELD_TEXTS, LIMITS, MESSAGES } from '@firm/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { ContactField, ContactFieldErrors } from './contact-form-validation';
import { Button } from '../../../components/ui/button';

// None of these loads with the page: the visitor's first focus in the form fetches them (see
// onFocus), a submit waits for them. zod and the schema are the heaviest code on the contact page.
const loadValidation = () => import('./contact-form-validation');
const loadApiClient = () => import('../../../lib/api-client');
const loadContactApi = () => import('../api/contact-messages');
const ignore = () => {};

const URGENCY_LABELS: Record<(typeof CONTACT_URGENCIES)[number], string> = {
  normal: 'Normal',
  urgent: 'Urgent',
  emergency: 'Emergency',
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

/** The form's values as typed: the schema decides what is acceptable. */
function readValues(form: HTMLFormElement): Record<ContactField, unknown> {
  const value = (name: ContactField) =>
    (form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement)
      .value;
  return {
    name: value('name'),
    email: value('email'),
    phone: value('phone'),
    subject: value('subject'),
    message: value('message'),
    urgency: value('urgency'),
    consent: (form.elements.namedItem('consent') as HTMLInputElement).checked,
    website: value('website'),
  };
}

/** As react-hook-form did: the first field in the form that has an error gets the focus. */
function focusFirstError(form: HTMLFormElement, errors: ContactFieldErrors) {
  for (const element of Array.from(form.elements)) {
    if ((element as HTMLInputElement).name in errors) {
      (element as HTMLElement).focus();
      return;
    }
  }
}

/**
 * The contact form of docs/product-rules.md#screens, #states, #validation. It posts to the API (the prototype's
 * 2-second "sending" state was a simulation of this request), shows the contract's success message with the
 * message's reference, and resets. On failure nothing the visitor typed is lost.
 *
 * The success message sits above the fields: after Send on a phone, with a long message, it would
 * be off-screen and the focus lost on the cleared form. So it is a status region
 * (announced), and it is scrolled into view and takes the focus.
 *
 * The inputs are plain uncontrolled form fields, so the prerendered form works with the page's own
 * code only; the shared zod schema checks them once it has loaded (on first focus or submit).
 * After a first submit, a changed field is checked again as the visitor corrects it.
 */
export function ContactForm() {
  const [status, setStatus] = useState<
    { kind: 'idle' } | { kind: 'sent'; reference: string } | { kind: 'failed'; text: string }
  >({ kind: 'idle' });
  const sentRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (status.kind !== 'sent' || !sentRef.current) return;
    // Centred: a sticky header would cover it at the top of the screen.
    sentRef.current.scrollIntoView?.({ block: 'center' });
    sentRef.current.focus({ preventScroll: true });
  }, [status]);
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const hasSubmittedRef = useRef(false);

  const preload = () => {
    loadValidation().catch(ignore);
    loadApiClient().catch(ignore);
    loadContactApi().catch(ignore);
  };

  const revalidateField = async (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const field = (event.target as HTMLInputElement).name as ContactField;
    if (!hasSubmittedRef.current || !field) return;
    const { validateContactMessage } = await loadValidation();
    const result = validateContactMessage(readValues(form));
    setErrors((current) => ({
      ...current,
      [field]: result.success ? undefined : result.errors[field],
    }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const form = event.currentTarget;
    hasSubmittedRef.current = true;
    setIsSubmitting(true);
    let apiClient: Awaited<ReturnType<typeof loadApiClient>> | undefined;
    try {
      const [{ validateContactMessage }, loadedApiClient, { contactMessagesApi }] =
        await Promise.all([loadValidation(), loadApiClient(), loadContactApi()]);
      apiClient = loadedApiClient;
      const result = validateContactMessage(readValues(form));
      if (!result.success) {
        setErrors(result.errors);
        focusFirstError(form, result.errors);
        return;
      }
      setErrors({});
      setStatus({ kind: 'idle' });
      const created = await contactMessagesApi.sendContactMessage({ body: result.data });
      form.reset();
      setMessageUsed(0);
      hasSubmittedRef.current = false;
      setStatus({ kind: 'sent', reference: created.reference });
    } catch (error) {
      if (apiClient && error instanceof apiClient.ApiError && error.errors) {
        const serverErrors = error.errors;
        setErrors((current) => ({ ...current, ...serverErrors }));
      }
      const reason = apiClient ? apiClient.errorText(error) : MESSAGES.genericError;
      setStatus({
        kind: 'failed',
        text: CONTACT_MESSAGES.notSent(reason),
      });
    } finally {
      setIsSubmitting(false);
    }
  };

  // Counted here, not with the portal's CharacterCount: this public page stays free of its chunk.
  const [messageUsed, setMessageUsed] = useState(0);
  const describedBy = (field: ContactField) =>
    errors[field] ? `contact-${field}-error` : undefined;

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      onFocus={preload}
      // React's onChange hears every keystroke, tick and choice (it is the native `input` event),
      // so a corrected field is checked again as the visitor types.
      onChange={(event) => void revalidateField(event)}
      noValidate
      aria-labelledby="contact-form-title"
      className="space-y-4"
    >
      <h2 id="contact-form-title" className="text-2xl font-bold text-brand-900">
        Send Us a Message
      </h2>
      {status.kind === 'sent' ? (
        <div
          ref={sentRef}
          role="status"
          tabIndex={-1}
          className="scroll-my-24 rounded-md border border-green-700 bg-green-50 p-4 text-green-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-green-700"
        >
          <p className="font-medium">{CONTACT_MESSAGES.success}</p>
          <p className="mt-2">
            {CONTACT_MESSAGES.yourReference}:{' '}
            <strong className="font-mono text-lg tracking-wider">{status.reference}</strong>
          </p>
          <p className="mt-1 text-sm">{CONTACT_MESSAGES.referenceHint}</p>
        </div>
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
            name="name"
          />
          <FieldError id="contact-name-error" message={errors.name} />
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
            name="email"
          />
          <FieldError id="contact-email-error" message={errors.email} />
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
            name="phone"
          />
          <FieldError id="contact-phone-error" message={errors.phone} />
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
            name="urgency"
          >
            {CONTACT_URGENCIES.map((urgency) => (
              <option key={urgency} value={urgency}>
                {URGENCY_LABELS[urgency]}
              </option>
            ))}
          </select>
          <FieldError id="contact-urgency-error" message={errors.urgency} />
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
          name="subject"
        />
        <FieldError id="contact-subject-error" message={errors.subject} />
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
          aria-describedby={`${describedBy('message') ?? ''} contact-message-count`.trim()}
          className={inputClass}
          name="message"
          onChange={(event) => setMessageUsed(event.target.value.length)}
        />
        <p id="contact-message-count" className="mt-1 text-right text-xs text-slate-600">
          {FIELD_TEXTS.characterCount(messageUsed, LIMITS.messageMax)}
        </p>
        <FieldError id="contact-message-error" message={errors.message} />
      </div>
      {/* Honeypot: hidden from people and from assistive technology; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" tabIndex={-1} autoComplete="off" name="website" />
      </div>
      <div>
        <div className="flex items-start gap-3">
          <input
            id="contact-consent"
            type="checkbox"
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={describedBy('consent')}
            className="mt-1 size-4 shrink-0"
            name="consent"
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
        <FieldError id="contact-consent-error" message={errors.consent} />
      </div>
      <Button
        type="submit"
        size="xl"
        className="w-full sm:w-auto"
        isLoading={isSubmitting}
        loadingText={MESSAGES.sending}
      >
        Send Message
      </Button>
    </form>
  );
}
