/** The dashboard's addresses, apart from its queries: app/first-requests.ts asks for them early. */
export const DASHBOARD_STATS_PATH = '/dashboard/stats';
