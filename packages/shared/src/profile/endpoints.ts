import { defineEndpoints } from '../common/endpoints';

/** The signed-in person's own account: where each endpoint is; shapes in contract.ts. */
export const PROFILE_ENDPOINTS = defineEndpoints({
  getProfile: { method: 'GET', path: '/profile' },
  updateProfile: { method: 'PUT', path: '/profile' },
  updateProfessionalDetails: { method: 'PUT', path: '/profile/professional' },
  requestEmailChange: { method: 'POST', path: '/profile/email-change' },
  confirmEmailChange: { method: 'POST', path: '/profile/email-change/confirm' },
  listSessions: { method: 'GET', path: '/profile/sessions' },
  endSession: { method: 'DELETE', path: '/profile/sessions/:id' },
  endOtherSessions: { method: 'POST', path: '/profile/sessions/sign-out-others' },
  exportOwnData: { method: 'GET', path: '/profile/export' },
  listOwnDataRequests: { method: 'GET', path: '/profile/data-requests' },
  requestDeletion: { method: 'POST', path: '/profile/data-requests' },
});
