-- Securing an account, or a password reset by email, removes the second factors added since the
-- sign-in the owner can vouch for (ADR 037, "Sign-in alerts"): the account's sign-in before the
-- alerted one, kept with the alert's link. Links made before this stay null: every factor goes.
ALTER TABLE "secure_account_tokens" ADD COLUMN "vouched_at" timestamp with time zone;
