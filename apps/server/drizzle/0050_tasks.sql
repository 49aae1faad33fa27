-- Written by hand after src/db/schema/tasks.ts (the committed snapshots stop at 0014; see 0021).
-- Tasks and deadlines (ADR 051): a deadline is a task of kind 'deadline' that keeps how it was
-- worked out; the people it is assigned to are task_assignees. The rules a row must keep are
-- checks here, so no path can store a deadline a client sees or a "done" without its time.
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid,
	"title" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"due_date" date NOT NULL,
	"due_time" text,
	"priority" text DEFAULT 'medium' NOT NULL,
	"status" text DEFAULT 'to_do' NOT NULL,
	"done_by_id" uuid,
	"done_at" timestamp with time zone,
	"kind" text DEFAULT 'task' NOT NULL,
	"visible_to_client" boolean DEFAULT false NOT NULL,
	"cause_kind" text,
	"cause_date" date,
	"rule" text,
	"source" text,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_title_check" CHECK (length(btrim("tasks"."title")) between 1 and 200),
	CONSTRAINT "tasks_due_time_check" CHECK ("tasks"."due_time" is null or "tasks"."due_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "tasks_priority_check" CHECK ("tasks"."priority" in ('low', 'medium', 'high', 'urgent')),
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" in ('to_do', 'in_progress', 'done', 'cancelled')),
	CONSTRAINT "tasks_done_check" CHECK (("tasks"."status" = 'done') = ("tasks"."done_at" is not null)),
	CONSTRAINT "tasks_kind_check" CHECK ("tasks"."kind" in ('task', 'deadline')),
	CONSTRAINT "tasks_client_case_check" CHECK (not "tasks"."visible_to_client" or "tasks"."case_id" is not null),
	CONSTRAINT "tasks_deadline_check" CHECK (("tasks"."kind" = 'deadline') = ("tasks"."cause_kind" is not null and "tasks"."cause_date" is not null and "tasks"."rule" is not null and "tasks"."source" is not null)),
	CONSTRAINT "tasks_deadline_private_check" CHECK ("tasks"."kind" = 'task' or (not "tasks"."visible_to_client" and "tasks"."case_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "task_assignees" (
	"task_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "task_assignees_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_done_by_id_users_id_fk" FOREIGN KEY ("done_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignees" ADD CONSTRAINT "task_assignees_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignees" ADD CONSTRAINT "task_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_case_idx" ON "tasks" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "tasks_due_idx" ON "tasks" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "task_assignees_user_idx" ON "task_assignees" USING btree ("user_id");
