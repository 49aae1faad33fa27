import type { FastifyPluginAsync } from 'fastify';
import { backupRoutes } from './backups/backups.routes';
import { appointmentRoutes } from './appointments/appointments.routes';
import { authRoutes } from './auth/auth.routes';
import { twoFactorRoutes } from './two-factor/two-factor.routes';
import { passkeyRoutes } from './passkeys/passkeys.routes';
import { signInDeviceRoutes } from './sign-in-devices/sign-in-devices.routes';
import { billingRoutes } from './billing/billing.routes';
import { mpesaRoutes } from './billing/mpesa.routes';
import { clientMoneyRoutes } from './client-money/client-money.routes';
import { mpesaDepositDesk } from './client-money/mpesa-deposits.service';
import { paybillRoutes } from './paybill/paybill.routes';
import { timeRoutes } from './time/time.routes';
import { etimsRoutes } from './etims/etims.routes';
import { caseRoutes } from './cases/cases.routes';
import { clientRoutes } from './clients/clients.routes';
import { courtDateRoutes } from './court-dates/court-dates.routes';
import { contactMessageRoutes } from './contact-messages/contact-messages.routes';
import { enquiryRoutes } from './clients/enquiries.routes';
import { deliveryReportRoutes } from './deliveries/delivery-reports.routes';
import { deliveryLogRoutes } from './deliveries/delivery-log.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { reportsRoutes } from './reports/reports.routes';
import { firmSettingsRoutes } from './settings/firm-settings.routes';
import { limitationPeriodsRoutes } from './deadlines/limitation-periods.routes';
import { tasksRoutes } from './deadlines/tasks.routes';
import { healthRoutes } from './health/health.routes';
import { messageRoutes } from './messages/messages.routes';
import { notificationRoutes } from './notifications/notifications.routes';
import { profileRoutes } from './profile/profile.routes';
import { settingsRoutes } from './settings/settings.routes';
import { publicConfigRoutes } from './public-config/public-config.routes';
import { userManagementRoutes } from './users/user-management.routes';

/** Every API module, mounted under /api by app.ts. */
export const apiRoutes: FastifyPluginAsync<{ paybillSweepSchedule?: boolean }> = async (
  app,
  options,
) => {
  await app.register(healthRoutes);
  await app.register(contactMessageRoutes);
  await app.register(authRoutes);
  await app.register(twoFactorRoutes);
  await app.register(passkeyRoutes);
  await app.register(signInDeviceRoutes);
  await app.register(publicConfigRoutes);
  await app.register(userManagementRoutes);
  await app.register(caseRoutes);
  await app.register(appointmentRoutes);
  await app.register(courtDateRoutes);
  await app.register(profileRoutes);
  await app.register(settingsRoutes);
  await app.register(clientRoutes);
  await app.register(enquiryRoutes);
  await app.register(messageRoutes);
  await app.register(notificationRoutes);
  await app.register(firmSettingsRoutes);
  await app.register(limitationPeriodsRoutes);
  await app.register(tasksRoutes);
  await app.register(backupRoutes);
  await app.register(dashboardRoutes);
  await app.register(reportsRoutes);
  await app.register(deliveryReportRoutes);
  await app.register(deliveryLogRoutes);
  await app.register(billingRoutes);
  await app.register(clientMoneyRoutes);
  // One M-Pesa endpoint and callback pay fee notes and client-money deposits (ADR 045): billing
  // is handed the deposits here rather than importing client money.
  await app.register(mpesaRoutes, { deposits: mpesaDepositDesk });
  await app.register(paybillRoutes, { dailySweep: options.paybillSweepSchedule !== false });
  await app.register(timeRoutes);
  await app.register(etimsRoutes);
};
