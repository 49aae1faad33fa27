import {
  COURT_TRAVEL_MAX_MINUTES,
  MESSAGES,
  PRICED_APPOINTMENT_TYPES,
  APPOINTMENT_TYPE_DEFAULTS,
  BOOKING_DAYS,
  BOOKING_DAY_LABELS,
  BOOKING_TIME_CHOICES,
  FIRM_BILLING_SETTINGS_TEXTS as B,
  FIRM_SETTINGS_MESSAGES as F,
  MPESA_KINDS,
  MPESA_KIND_LABELS,
  SETTINGS_SETUP_HASHES,
  SETTINGS_SETUP_ITEMS,
  TWO_FACTOR_GRACE_MAX_DAYS,
  VAT_RATE_PERCENT,
  firmSettingsSchema,
  isWithinOfficeHours,
  type FirmSettings,
  type FirmSettingsAnswer,
  type FirmSettingsInput,
  type SettingsSetupItem,
} from '@firm/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useForm, type FieldErrors, type Path } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ListResults } from '../../../components/list/list-states';
import { consultation } from '../../../content/firm';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField, inputClass } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { useFirmSettings, useSaveFirmSettings } from '../api/firm-settings';
import { PaybillConnectionSection } from './paybill-connection';

/** System Settings → Firm settings: the values the server reads for bookings, mail and payment. */
export function FirmSettingsPanel() {
  const query = useFirmSettings();
  return (
    <ListResults
      query={query}
      loadingLabel={F.loading}
      failedText={F.loadFailed}
      isEmpty={() => false}
      empty={{ title: '' }}
    >
      {(answer) => <FirmSettingsForm answer={answer} />}
    </ListResults>
  );
}

function Fieldset({
  legend,
  children,
  id,
}: {
  legend: string;
  children: ReactNode;
  /** A place the setup checklist links to (`#firm-payment-details`, ADR 027). */
  id?: string;
}) {
  return (
    <fieldset
      id={id}
      className="scroll-mt-24 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <legend className="px-1 text-lg font-semibold text-slate-900">{legend}</legend>
      <div className="mt-2 space-y-4">{children}</div>
    </fieldset>
  );
}

/** Every field name the server may answer a message for (`errors` of a 400). */
const FIELDS = [
  ...PRICED_APPOINTMENT_TYPES.flatMap((type) => [
    `appointmentTypes.${type}.feeKsh` as const,
    `appointmentTypes.${type}.durationMinutes` as const,
  ]),
  'bookingTimes',
  ...BOOKING_DAYS.map((day) => `bookingTimes.${day}` as const),
  'notificationEmail',
  'mpesaKind',
  'mpesaNumber',
  'mpesaInstructions',
  'kraPin',
  'isVatRegistered',
  'bankName',
  'bankBranch',
  'bankAccountName',
  'bankAccountNumber',
  'contactAutoReply',
  'bookingAutoReply',
  'visitorBookingsDailyCeiling',
  'courtTravelMinutes',
  'staffTwoFactorGraceDays',
] as const satisfies readonly Path<FirmSettingsInput>[];

/** A day's message: about the day, or about one of its times (`bookingTimes.mon.0`). */
function dayError(errors: FieldErrors<FirmSettingsInput>, day: (typeof BOOKING_DAYS)[number]) {
  const entry = errors.bookingTimes?.[day] as Record<string, unknown> | undefined;
  if (!entry) return undefined;
  if (typeof entry.message === 'string') return entry.message;
  for (const each of Object.values(entry)) {
    const message = (each as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') return message;
  }
  return undefined;
}

/** The setup checklist's links land on their section once the form is there (ADR 027). */
function ScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return null;
}

/** The checklist item whose link opened the form (its hash), which a save then ticks (ADR 027). */
function useReviewedItem(): SettingsSetupItem | undefined {
  const { hash } = useLocation();
  return SETTINGS_SETUP_ITEMS.find((item) => `#${SETTINGS_SETUP_HASHES[item]}` === hash);
}

function FirmSettingsForm({ answer }: { answer: FirmSettingsAnswer }) {
  const save = useSaveFirmSettings();
  const reviewed = useReviewedItem();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FirmSettingsInput, unknown, FirmSettings>({
    resolver: zodResolver(firmSettingsSchema),
    defaultValues: answer.settings as FirmSettingsInput,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ settings: values, reviewed });
      reset(saved.settings as FirmSettingsInput);
      toast.success(saved.message);
    } catch (error) {
      // What was typed stays in the form: only the messages are added.
      applyServerErrors(error, setError, FIELDS);
      toast.error(errorText(error, F.saveFailed));
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      id={SETTINGS_SETUP_HASHES.firmDetails}
      className="space-y-6"
      aria-label={F.tabLabel}
    >
      <ScrollToHash />
      <p className="text-sm text-slate-700">
        {answer.updatedAt
          ? F.lastSaved(formatDate(answer.updatedAt), answer.updatedBy)
          : F.neverSaved}
      </p>

      <Fieldset legend="Appointment types">
        <p className="text-sm text-slate-600">
          The fee (KSh) and length of each type when it is booked. Staff may still set another fee
          or length for one appointment.
        </p>
        <p className="text-sm text-slate-600">
          {/* The public pages are built ahead of time from the site's content, not from here. */}
          The public website states the consultation offer as: “{consultation.short}”. A change here
          applies to bookings; ask for the website text to be changed with it.
        </p>
        <p className="text-sm text-slate-600">
          The free preliminary call is always free and{' '}
          {APPOINTMENT_TYPE_DEFAULTS.preliminary_call.durationMinutes} minutes, by phone: the
          website advertises it as free, so it has no fee to set here.
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          {PRICED_APPOINTMENT_TYPES.map((type) => {
            const label = APPOINTMENT_TYPE_DEFAULTS[type].label;
            const typeErrors = errors.appointmentTypes?.[type];
            return (
              <div key={type} className="space-y-3 rounded-md border border-slate-200 p-3">
                <p className="font-medium text-slate-900">{label}</p>
                <TextField
                  label={`${label} fee (KSh)`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  required
                  error={typeErrors?.feeKsh?.message}
                  {...register(`appointmentTypes.${type}.feeKsh`, { valueAsNumber: true })}
                />
                <TextField
                  label={`${label} duration (minutes)`}
                  type="number"
                  inputMode="numeric"
                  min={15}
                  step={5}
                  required
                  error={typeErrors?.durationMinutes?.message}
                  {...register(`appointmentTypes.${type}.durationMinutes`, {
                    valueAsNumber: true,
                  })}
                />
              </div>
            );
          })}
        </div>
      </Fieldset>

      <Fieldset legend="Booking hours" id="firm-booking-hours">
        <p className="text-sm text-slate-600">
          The start times offered for booking on each day. A day without any takes no bookings;
          public holidays and Sundays never do.
        </p>
        {errors.bookingTimes?.message ? (
          <p role="alert" className="text-sm text-red-700">
            {errors.bookingTimes.message}
          </p>
        ) : null}
        {BOOKING_DAYS.map((day) => {
          const message = dayError(errors, day);
          const errorId = `booking-${day}-error`;
          return (
            <fieldset
              key={day}
              aria-describedby={message ? errorId : undefined}
              className="border-t border-slate-100 pt-3"
            >
              <legend className="text-sm font-medium text-slate-800">
                {BOOKING_DAY_LABELS[day]}
              </legend>
              <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
                {BOOKING_TIME_CHOICES.filter((time) => isWithinOfficeHours(day, time)).map(
                  (time) => (
                    <label key={time} className="flex items-center gap-1.5 text-sm text-slate-800">
                      <input
                        type="checkbox"
                        value={time}
                        className="size-4 rounded border-slate-400 accent-brand-700"
                        aria-label={`${BOOKING_DAY_LABELS[day]} ${time}`}
                        {...register(`bookingTimes.${day}`)}
                      />
                      {time}
                    </label>
                  ),
                )}
              </div>
              {message ? (
                <p id={errorId} className="mt-1 text-sm text-red-700">
                  {message}
                </p>
              ) : null}
            </fieldset>
          );
        })}
      </Fieldset>

      <Fieldset legend="Notifications">
        <TextField
          label="Firm notification email"
          type="email"
          required
          hint="New contact messages and booking requests are sent here."
          error={errors.notificationEmail?.message}
          {...register('notificationEmail')}
        />
      </Fieldset>

      <Fieldset legend="M-Pesa payment details" id="firm-payment-details">
        <p className="text-sm text-slate-600">Shown to clients under Make Payment.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="mpesa-kind" className="block text-sm font-medium text-slate-800">
              Payment type
            </label>
            <select
              id="mpesa-kind"
              className={`mt-1 ${inputClass(false)}`}
              {...register('mpesaKind')}
            >
              {MPESA_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {MPESA_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="Paybill or till number"
            inputMode="numeric"
            hint="Leave empty until the firm has one."
            error={errors.mpesaNumber?.message}
            {...register('mpesaNumber')}
          />
        </div>
        <TextAreaField
          label="Account instructions"
          rows={2}
          hint="For example: Account number: your case number (MWA/2026/0001)."
          error={errors.mpesaInstructions?.message}
          maxLength={500}
          {...register('mpesaInstructions')}
        />
        <PaybillConnectionSection connection={answer.paybillConnection} />
      </Fieldset>

      <Fieldset legend={B.legend} id="firm-billing">
        <p className="text-sm text-slate-600">{B.intro}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={B.kraPinLabel}
            hint={B.kraPinHint}
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={11}
            error={errors.kraPin?.message}
            {...register('kraPin')}
          />
        </div>
        <div>
          <Checkbox
            label={B.vatLabel}
            aria-describedby="firm-vat-hint"
            error={errors.isVatRegistered?.message}
            {...register('isVatRegistered')}
          />
          <p id="firm-vat-hint" className="mt-1 ml-6 text-xs text-slate-600">
            {B.vatHint(VAT_RATE_PERCENT)}
          </p>
        </div>
        <fieldset aria-describedby="firm-bank-intro" className="border-t border-slate-100 pt-3">
          <legend className="text-sm font-medium text-slate-800">{B.bankLegend}</legend>
          <p id="firm-bank-intro" className="mt-1 text-sm text-slate-600">
            {B.bankIntro}
          </p>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <TextField
              label={B.bankNameLabel}
              placeholder={B.bankNamePlaceholder}
              error={errors.bankName?.message}
              {...register('bankName')}
            />
            <TextField
              label={B.bankBranchLabel}
              placeholder={B.bankBranchPlaceholder}
              error={errors.bankBranch?.message}
              {...register('bankBranch')}
            />
            <TextField
              label={B.bankAccountNameLabel}
              hint={B.bankAccountNameHint}
              error={errors.bankAccountName?.message}
              {...register('bankAccountName')}
            />
            <TextField
              label={B.bankAccountNumberLabel}
              inputMode="numeric"
              autoComplete="off"
              error={errors.bankAccountNumber?.message}
              {...register('bankAccountNumber')}
            />
          </div>
        </fieldset>
      </Fieldset>

      <Fieldset legend="Online bookings">
        <TextField
          label={F.visitorCeilingLabel}
          hint={F.visitorCeilingHint}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required
          error={errors.visitorBookingsDailyCeiling?.message}
          {...register('visitorBookingsDailyCeiling', { valueAsNumber: true })}
        />
        <TextField
          label={F.courtTravelLabel}
          hint={F.courtTravelHint}
          type="number"
          inputMode="numeric"
          min={0}
          max={COURT_TRAVEL_MAX_MINUTES}
          step={1}
          required
          error={errors.courtTravelMinutes?.message}
          {...register('courtTravelMinutes', { valueAsNumber: true })}
        />
      </Fieldset>

      <Fieldset legend={F.twoFactorLegend}>
        <TextField
          label={F.twoFactorGraceLabel}
          hint={F.twoFactorGraceHint}
          type="number"
          inputMode="numeric"
          min={0}
          max={TWO_FACTOR_GRACE_MAX_DAYS}
          step={1}
          required
          error={errors.staffTwoFactorGraceDays?.message}
          {...register('staffTwoFactorGraceDays', { valueAsNumber: true })}
        />
      </Fieldset>

      <Fieldset legend="Automatic replies">
        <TextAreaField
          rows={4}
          label="Contact form auto-reply"
          hint="Emailed to whoever sends a message through the contact form."
          error={errors.contactAutoReply?.message}
          maxLength={2000}
          {...register('contactAutoReply')}
        />
        <TextAreaField
          rows={4}
          label="Booking auto-reply"
          hint="Opens the email confirming a booking request."
          error={errors.bookingAutoReply?.message}
          maxLength={2000}
          {...register('bookingAutoReply')}
        />
      </Fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isLoading={isSubmitting} loadingText={MESSAGES.saving}>
          Save firm settings
        </Button>
        {isDirty ? <p className="text-sm text-slate-600">You have unsaved changes.</p> : null}
      </div>
    </form>
  );
}
