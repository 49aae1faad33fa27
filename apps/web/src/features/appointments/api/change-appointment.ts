import type { CreateAppointmentInput, UpdateAppointmentInput } from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentsApi } from './appointments-api';
import { APPOINTMENTS_KEY } from './list-appointments';

function useAppointmentMutation<Variables, Answer>(
  call: (variables: Variables) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // The lists and the free times both change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY }),
  });
}

/** POST /api/appointments */
export const useCreateAppointment = () =>
  useAppointmentMutation((body: CreateAppointmentInput) =>
    appointmentsApi.bookAppointment({ body }),
  );

/** PUT /api/appointments/:id */
export const useUpdateAppointment = () =>
  useAppointmentMutation(({ id, body }: { id: string; body: UpdateAppointmentInput }) =>
    appointmentsApi.updateAppointment({ params: { id }, body }),
  );

/** PATCH /api/appointments/:id/cancel */
export const useCancelAppointment = () =>
  useAppointmentMutation(({ id, reason }: { id: string; reason: string }) =>
    appointmentsApi.cancelAppointment({ params: { id }, body: { reason } }),
  );
