CREATE TABLE "case_counts" (
	"status" text NOT NULL,
	"assignee_id" uuid,
	"n" integer NOT NULL,
	CONSTRAINT "case_counts_group_key" UNIQUE NULLS NOT DISTINCT("status","assignee_id"),
	CONSTRAINT "case_counts_n_check" CHECK ("case_counts"."n" >= 0)
);
--> statement-breakpoint
CREATE TABLE "firm_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firm_settings_single_row_check" CHECK ("firm_settings"."id" = 1),
	CONSTRAINT "firm_settings_object_check" CHECK (jsonb_typeof("firm_settings"."settings") = 'object')
);
--> statement-breakpoint
ALTER TABLE "case_status_counts" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "case_status_counts" CASCADE;--> statement-breakpoint
ALTER TABLE "firm_settings" ADD CONSTRAINT "firm_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_role_created_at_idx" ON "users" USING btree ("role","created_at");--> statement-breakpoint
CREATE INDEX "appointments_scheduled_starts_at_idx" ON "appointments" USING btree ("starts_at") WHERE "appointments"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "appointments_owed_starts_at_idx" ON "appointments" USING btree ("starts_at","fee_ksh") WHERE "appointments"."payment_status" = 'pending' and "appointments"."status" <> 'cancelled' and "appointments"."fee_ksh" > 0;--> statement-breakpoint
CREATE INDEX "appointments_paid_at_idx" ON "appointments" USING btree ("paid_at","fee_ksh") WHERE "appointments"."payment_status" = 'paid';--> statement-breakpoint
-- hand-written (keep when regenerating)
-- case_counts replaces case_status_counts (migration 0006): one kept count per status and
-- assignee serves both the staff list's total and the dashboards (ADR 014, 019).
DROP TRIGGER IF EXISTS "cases_status_counts_insert" ON "cases";--> statement-breakpoint
DROP TRIGGER IF EXISTS "cases_status_counts_update" ON "cases";--> statement-breakpoint
DROP TRIGGER IF EXISTS "cases_status_counts_delete" ON "cases";--> statement-breakpoint
DROP TRIGGER IF EXISTS "cases_status_counts_truncate" ON "cases";--> statement-breakpoint
DROP FUNCTION IF EXISTS "case_status_counts_follow"();--> statement-breakpoint
-- case_counts follows every change to cases, in the same transaction: statement triggers with
-- transition tables, so a bulk insert adds its counts once per group, not per row. Groups are
-- changed in (status, assignee_id) order, so two transactions moving cases in opposite directions
-- take the same rows in the same order and cannot deadlock; an update that moves no case between
-- groups (most edits) touches no count at all.
CREATE FUNCTION "case_counts_bump"("p_status" text, "p_assignee_id" uuid, "p_delta" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "p_delta" > 0 THEN
    INSERT INTO "case_counts" AS c ("status", "assignee_id", "n")
      VALUES ("p_status", "p_assignee_id", "p_delta")
    ON CONFLICT ON CONSTRAINT "case_counts_group_key" DO UPDATE SET "n" = c."n" + excluded."n";
  ELSE
    UPDATE "case_counts" SET "n" = "n" + "p_delta"
    WHERE "status" = "p_status" AND "assignee_id" IS NOT DISTINCT FROM "p_assignee_id";
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "case_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "g" record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "case_counts";
  ELSIF TG_OP = 'INSERT' THEN
    FOR "g" IN SELECT "status", "assignee_id", count(*)::integer AS "d" FROM "case_counts_new"
               GROUP BY 1, 2 ORDER BY 1, 2 LOOP
      PERFORM "case_counts_bump"("g"."status", "g"."assignee_id", "g"."d");
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR "g" IN SELECT "status", "assignee_id", -count(*)::integer AS "d" FROM "case_counts_old"
               GROUP BY 1, 2 ORDER BY 1, 2 LOOP
      PERFORM "case_counts_bump"("g"."status", "g"."assignee_id", "g"."d");
    END LOOP;
  ELSE
    FOR "g" IN SELECT "status", "assignee_id", sum("d")::integer AS "d" FROM (
                 SELECT "status", "assignee_id", 1 AS "d" FROM "case_counts_new"
                 UNION ALL
                 SELECT "status", "assignee_id", -1 FROM "case_counts_old"
               ) AS "moves" GROUP BY 1, 2 HAVING sum("d") <> 0 ORDER BY 1, 2 LOOP
      PERFORM "case_counts_bump"("g"."status", "g"."assignee_id", "g"."d");
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cases_counts_insert" AFTER INSERT ON "cases" REFERENCING NEW TABLE AS "case_counts_new" FOR EACH STATEMENT EXECUTE FUNCTION "case_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "cases_counts_update" AFTER UPDATE ON "cases" REFERENCING OLD TABLE AS "case_counts_old" NEW TABLE AS "case_counts_new" FOR EACH STATEMENT EXECUTE FUNCTION "case_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "cases_counts_delete" AFTER DELETE ON "cases" REFERENCING OLD TABLE AS "case_counts_old" FOR EACH STATEMENT EXECUTE FUNCTION "case_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "cases_counts_truncate" AFTER TRUNCATE ON "cases" FOR EACH STATEMENT EXECUTE FUNCTION "case_counts_apply"();
--> statement-breakpoint
INSERT INTO "case_counts" ("status", "assignee_id", "n")
  SELECT "status", "assignee_id", count(*) FROM "cases" GROUP BY 1, 2;
