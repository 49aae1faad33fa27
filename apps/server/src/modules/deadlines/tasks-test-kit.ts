import { tasks, taskAssignees, type TaskRow } from '../../db/schema';
import type { TestContext } from '../../../test/helpers';

/** A task put straight into the database (the API's own tests go through inject). */
export async function seedTask(
  ctx: TestContext,
  values: Partial<typeof tasks.$inferInsert> & { assigneeIds?: string[] } = {},
): Promise<TaskRow> {
  const { assigneeIds = [], ...columns } = values;
  const [row] = await ctx.database.db
    .insert(tasks)
    .values({ title: 'File the defence', dueDate: '2030-01-15', ...columns })
    .returning();
  if (assigneeIds.length > 0) {
    await ctx.database.db
      .insert(taskAssignees)
      .values(assigneeIds.map((userId) => ({ taskId: row!.id, userId })));
  }
  return row!;
}

/** A deadline as POST /cases/{id}/limitation stores one. */
export const deadlineColumns = {
  kind: 'deadline',
  causeKind: 'contract',
  causeDate: '2024-01-10',
  rule: 'Contract: 6 years from the day the cause of action arose',
  source: 'Limitation of Actions Act (Cap 22), section 4(1)(a)',
} as const;
