import type { FastifyPluginAsync } from 'fastify';
import { appointmentRoutes } from './appointments/appointments.routes';
import { authRoutes } from './auth/auth.routes';
import { caseRoutes } from './cases/cases.routes';
import { contactMessageRoutes } from './contact-messages/contact-messages.routes';
import { healthRoutes } from './health/health.routes';
import { profileRoutes } from './profile/profile.routes';
import { settingsRoutes } from './settings/settings.routes';
import { publicConfigRoutes } from './public-config/public-config.routes';
import { userManagementRoutes } from './user-management/user-management.routes';

/** Every API module, mounted under /api by app.ts. */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(contactMessageRoutes);
  await app.register(authRoutes);
  await app.register(publicConfigRoutes);
  await app.register(userManagementRoutes);
  await app.register(caseRoutes);
  await app.register(appointmentRoutes);
  await app.register(profileRoutes);
  await app.register(settingsRoutes);
};
