import type { FastifyPluginAsync } from 'fastify';
import { appointmentRoutes } from './appointments/appointments.routes';
import { authRoutes } from './auth/auth.routes';
import { caseRoutes } from './cases/cases.routes';
import { clientRoutes } from './clients/clients.routes';
import { courtDateRoutes } from './court-dates/court-dates.routes';
import { contactMessageRoutes } from './contact-messages/contact-messages.routes';
import { enquiryRoutes } from './clients/enquiries.routes';
import { deliveryReportRoutes } from './deliveries/delivery-reports.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { firmSettingsRoutes } from './settings/firm-settings.routes';
import { healthRoutes } from './health/health.routes';
import { messageRoutes } from './messages/messages.routes';
import { notificationRoutes } from './notifications/notifications.routes';
import { profileRoutes } from './profile/profile.routes';
import { settingsRoutes } from './settings/settings.routes';
import { publicConfigRoutes } from './public-config/public-config.routes';
import { userManagementRoutes } from './users/user-management.routes';

/** Every API module, mounted under /api by app.ts. */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(contactMessageRoutes);
  await app.register(authRoutes);
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
  await app.register(dashboardRoutes);
  await app.register(deliveryReportRoutes);
};
