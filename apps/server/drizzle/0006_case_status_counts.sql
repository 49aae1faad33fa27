CREATE TABLE "case_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"cases" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "case_status_counts_cases_check" CHECK ("case_status_counts"."cases" >= 0)
);
--> statement-breakpoint
-- hand-written (keep when regenerating)
INSERT INTO "case_status_counts" ("status", "cases")
SELECT s.status, (SELECT count(*) FROM "cases" c WHERE c.status = s.status)
FROM unnest(ARRAY['pending', 'in_progress', 'completed', 'closed']) AS s(status);
--> statement-breakpoint
-- One function for every statement on cases: the change in each status's count, from the
-- statement's transition tables; the counters it touches are locked in status order first, so two
-- transactions moving cases between the same statuses in opposite directions queue, never deadlock.
CREATE OR REPLACE FUNCTION "case_status_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "case_status_counts" SET "cases" = 0;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT jsonb_object_agg(status, n) INTO deltas
    FROM (SELECT status, count(*) AS n FROM new_cases GROUP BY status) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_object_agg(status, -n) INTO deltas
    FROM (SELECT status, count(*) AS n FROM old_cases GROUP BY status) d;
  ELSE
    SELECT jsonb_object_agg(status, n) INTO deltas
    FROM (
      SELECT status, sum(change) AS n
      FROM (SELECT status, 1 AS change FROM new_cases
            UNION ALL SELECT status, -1 FROM old_cases) moves
      GROUP BY status HAVING sum(change) <> 0
    ) d;
  END IF;
  IF deltas IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM "case_status_counts"
  WHERE "status" IN (SELECT jsonb_object_keys(deltas)) ORDER BY "status" FOR UPDATE;
  UPDATE "case_status_counts" SET "cases" = "cases" + (deltas ->> "status")::bigint
  WHERE "status" IN (SELECT jsonb_object_keys(deltas));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "cases_status_counts_insert" AFTER INSERT ON "cases"
  REFERENCING NEW TABLE AS new_cases FOR EACH STATEMENT EXECUTE FUNCTION "case_status_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "cases_status_counts_update" AFTER UPDATE ON "cases"
  REFERENCING OLD TABLE AS old_cases NEW TABLE AS new_cases
  FOR EACH STATEMENT EXECUTE FUNCTION "case_status_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "cases_status_counts_delete" AFTER DELETE ON "cases"
  REFERENCING OLD TABLE AS old_cases FOR EACH STATEMENT EXECUTE FUNCTION "case_status_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "cases_status_counts_truncate" AFTER TRUNCATE ON "cases"
  FOR EACH STATEMENT EXECUTE FUNCTION "case_status_counts_follow"();
