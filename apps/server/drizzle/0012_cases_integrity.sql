-- hand-written (issue 13: "PostgreSQL constraints, not only code")
-- The service already refuses these; the database refuses them too, whatever writes the row
-- (a script, a later module, a raw statement), so a case can never name a staff member as its
-- client or a client as its assignee. A CHECK cannot look at another table, hence the trigger.
CREATE FUNCTION cases_people_roles_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.client_id AND role = 'client') THEN
    RAISE EXCEPTION 'a case''s client must be a client account'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'cases_client_role_check', TABLE = 'cases';
  END IF;
  IF NEW.assignee_id IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.assignee_id AND role IN ('advocate', 'admin')) THEN
    RAISE EXCEPTION 'a case''s assignee must be an advocate or an admin'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'cases_assignee_role_check', TABLE = 'cases';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER cases_people_roles_check BEFORE INSERT OR UPDATE OF client_id, assignee_id ON cases
  FOR EACH ROW EXECUTE FUNCTION cases_people_roles_check();
--> statement-breakpoint
-- Roles never change in the app; should one ever be changed by hand, it may not turn a case's
-- client into staff or a case's assignee into a client behind the cases' backs.
CREATE FUNCTION users_case_role_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role <> 'client' AND EXISTS (SELECT 1 FROM cases WHERE client_id = NEW.id) THEN
    RAISE EXCEPTION 'this account is the client of a case'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'users_case_client_role_check', TABLE = 'users';
  END IF;
  IF NEW.role = 'client' AND EXISTS (SELECT 1 FROM cases WHERE assignee_id = NEW.id) THEN
    RAISE EXCEPTION 'this account is the assignee of a case'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'users_case_assignee_role_check', TABLE = 'users';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_case_role_check BEFORE UPDATE OF role ON users
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role) EXECUTE FUNCTION users_case_role_check();
--> statement-breakpoint
-- The firm's file number, MWA/<year>/<at least 4 digits> (CASE_NUMBER_PREFIX, CASE_NUMBER_DIGITS).
ALTER TABLE "cases" ADD CONSTRAINT "cases_case_number_format_check" CHECK ("case_number" ~ '^MWA/[0-9]{4}/[0-9]{4,}$');
