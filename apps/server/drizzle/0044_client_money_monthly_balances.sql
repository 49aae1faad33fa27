-- Written to match src/db/schema/client-money.ts (the committed snapshots stop at 0014; see 0021).
-- What each client ledger (client, case or none) held at the end of each month it moved in
-- (ADR 053): every client's balance at a past day is the latest month before that day's month
-- plus the entries of the day's month, instead of a sum over the whole journal.
CREATE TABLE "client_money_monthly_balances" (
	"client_id" uuid NOT NULL,
	"case_id" uuid,
	"month" date NOT NULL,
	"closing_ksh" bigint NOT NULL,
	CONSTRAINT "client_money_monthly_balances_key" UNIQUE NULLS NOT DISTINCT("client_id","case_id","month"),
	CONSTRAINT "client_money_monthly_balances_month_check" CHECK (extract(day from "client_money_monthly_balances"."month") = 1)
);
--> statement-breakpoint
ALTER TABLE "client_money_monthly_balances" ADD CONSTRAINT "client_money_monthly_balances_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_money_monthly_balances" ADD CONSTRAINT "client_money_monthly_balances_case_client_fk" FOREIGN KEY ("case_id","client_id") REFERENCES "public"."cases"("id","client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_money_monthly_balances_latest_idx" ON "client_money_monthly_balances" USING btree ("client_id","month" DESC) INCLUDE ("case_id","closing_ksh");--> statement-breakpoint
-- A client ledger line moves its month's closing balance and every later month's. A ledger with no
-- row for the line's month gets one, carried from its latest earlier month. The trigger is named to
-- fire after client_money_lines_post (same event, alphabetical order), whose update of the
-- ledger's row in client_money_balances locks it until commit: two entries on the same ledger
-- take turns here too, and the second reads what the first wrote.
CREATE FUNCTION client_money_post_line_monthly() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  line_month date;
BEGIN
  IF NEW.posts_to <> 'client_ledger' THEN
    RETURN NULL;
  END IF;
  SELECT date_trunc('month', e.entry_date)::date INTO line_month
    FROM client_money_entries e WHERE e.id = NEW.entry_id;
  UPDATE client_money_monthly_balances SET closing_ksh = closing_ksh - NEW.amount_ksh
   WHERE client_id = NEW.client_id AND case_id IS NOT DISTINCT FROM NEW.case_id
     AND month >= line_month;
  INSERT INTO client_money_monthly_balances (client_id, case_id, month, closing_ksh)
    SELECT NEW.client_id, NEW.case_id, line_month,
           coalesce((SELECT m.closing_ksh FROM client_money_monthly_balances m
                      WHERE m.client_id = NEW.client_id
                        AND m.case_id IS NOT DISTINCT FROM NEW.case_id
                        AND m.month < line_month
                      ORDER BY m.month DESC LIMIT 1), 0) - NEW.amount_ksh
    ON CONFLICT (client_id, case_id, month) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER client_money_lines_post_monthly AFTER INSERT ON client_money_lines
  FOR EACH ROW EXECUTE FUNCTION client_money_post_line_monthly();
--> statement-breakpoint
-- The months of the journal already written: each ledger's movement per month, summed in order.
INSERT INTO client_money_monthly_balances (client_id, case_id, month, closing_ksh)
  SELECT client_id, case_id, month,
         sum(moved) OVER (PARTITION BY client_id, case_id ORDER BY month)
    FROM (SELECT l.client_id, l.case_id, date_trunc('month', e.entry_date)::date AS month,
                 -sum(l.amount_ksh) AS moved
            FROM client_money_lines l
            JOIN client_money_entries e ON e.id = l.entry_id
           WHERE l.posts_to = 'client_ledger'
           GROUP BY l.client_id, l.case_id, date_trunc('month', e.entry_date)) m;
