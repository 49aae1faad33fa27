// Moved to components/ui: the Clients and Enquiries screens show a temporary password too.
export { TemporaryPasswordDialog } from '../../../components/ui/temporary-password-dialog';
