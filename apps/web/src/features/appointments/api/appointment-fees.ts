import {
  APPOINTMENT_TYPE_DEFAULTS,
  isPricedType,
  type AppointmentType,
  type PricedAppointmentType,
  type PublicAppointmentTypes,
} from '@firm/shared';
import type { PublicConfigContract } from '@firm/shared/public-config/contract';
import { PUBLIC_CONFIG_ENDPOINTS } from '@firm/shared/public-config/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointClient } from '../../../lib/endpoint-client';

/** The fees' request, from the public config's contract (packages/shared/src/public-config). */
const publicConfig = endpointClient<PublicConfigContract>(PUBLIC_CONFIG_ENDPOINTS);

/** GET /api/public-config: each type's fee and duration as the firm settings say. */
export const appointmentFeesQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => publicConfig.getPublicConfig({}, signal),
    select: (config) => config.appointmentTypes,
    staleTime: 60_000,
  });

export interface TypeTerms {
  label: string;
  durationMinutes: number;
  feeKsh: number;
}

/**
 * Each type's label, duration and fee. Until the settings arrive (or if they cannot), `isKnown` is
 * false and the content's defaults stand in: screens then leave the fee out rather than guess.
 */
export function useAppointmentTerms() {
  const query = useQuery(appointmentFeesQueryOptions());
  const terms = (type: AppointmentType): TypeTerms => {
    // The free call's terms are fixed (not a setting): its defaults are its terms.
    const configured: PublicAppointmentTypes[PricedAppointmentType] | undefined = isPricedType(type)
      ? query.data?.[type]
      : undefined;
    const defaults = APPOINTMENT_TYPE_DEFAULTS[type] ?? APPOINTMENT_TYPE_DEFAULTS.consultation;
    return {
      label: defaults.label,
      durationMinutes: configured?.durationMinutes ?? defaults.durationMinutes,
      feeKsh: configured?.feeKsh ?? defaults.feeKsh,
    };
  };
  return { terms, isKnown: query.data !== undefined };
}
