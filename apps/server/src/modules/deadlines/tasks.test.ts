import type { Task } from '@firm/shared/deadlines/task-schemas';
import { TASK_TEXTS as T } from '@firm/shared/deadlines/texts';
import { describeAuditEntry } from '@firm/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, type CaseRow, type UserRow } from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { deadlineColumns, seedTask } from './tasks-test-kit';

describe('tasks: staff keep them on cases, clients see only those shared with them', () => {
  let ctx: TestContext;
  let advocate: UserRow;
  let clerk: UserRow;
  let advocateAuth: { authorization: string };
  let clientAuth: { authorization: string };
  let noFilesAdmin: UserRow;
  let client: UserRow;
  let theCase: CaseRow;
  let otherCase: CaseRow;

  beforeAll(async () => {
    ctx = await createTestContext();
    advocate = await seedUser(ctx, {
      role: 'advocate',
      email: 'wanjiru@firm.test',
      firstName: 'Wanjiru',
      lastName: 'Kamau',
    });
    clerk = await seedUser(ctx, {
      role: 'admin',
      email: 'clerk@firm.test',
      permissions: { canOpenFiles: true },
    });
    noFilesAdmin = await seedUser(ctx, {
      role: 'admin',
      email: 'reception@firm.test',
      permissions: { canScheduleAppointments: true },
    });
    client = await seedUser(ctx, { role: 'client', email: 'amani@client.test' });
    const other = await seedUser(ctx, { role: 'client', email: 'baraka@client.test' });
    theCase = await seedCase(ctx, client.id, { assigneeId: advocate.id });
    otherCase = await seedCase(ctx, other.id);
    advocateAuth = bearer(await sessionFor(ctx, advocate));
    clientAuth = bearer(await sessionFor(ctx, client));
  });
  afterAll(() => ctx.close());
  afterEach(() => vi.useRealTimers());

  const call = (
    auth: { authorization: string },
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  const lastAudit = async (action: string) => {
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    return row;
  };

  it('adds a task on a case for staff who may open it, and says why when it cannot', async () => {
    const created = await call(advocateAuth, 'POST', '/api/tasks', {
      caseId: theCase.id,
      title: '  Draft the witness statement ',
      dueDate: '2030-05-06',
      dueTime: '14:30',
      assigneeIds: [advocate.id, clerk.id],
      priority: 'high',
    });
    expect(created.statusCode).toBe(201);
    const task = created.json() as Task;
    expect(task).toMatchObject({
      caseId: theCase.id,
      caseNumber: theCase.caseNumber,
      title: 'Draft the witness statement',
      dueDate: '2030-05-06',
      dueTime: '14:30',
      priority: 'high',
      status: 'to_do',
      kind: 'task',
      visibleToClient: false,
      deadline: null,
    });
    expect(task.assignees.map((a) => a.id).sort()).toEqual([advocate.id, clerk.id].sort());
    const audit = await lastAudit('task.created');
    expect(audit?.targetUserId).toBe(client.id);

    const bad = await call(advocateAuth, 'POST', '/api/tasks', {
      title: ' ',
      dueDate: '2030-02-30',
      dueTime: '25:00',
      assigneeIds: [],
      priority: 'someday',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      title: T.titleRequired,
      dueDate: T.dueDateRequired,
      dueTime: T.dueTimeInvalid,
      assigneeIds: T.assigneesRequired,
      priority: T.priorityRequired,
    });

    const body = { caseId: theCase.id, title: 'Call the client', dueDate: '2030-05-06' };
    for (const assignee of [client, noFilesAdmin]) {
      const refused = await call(advocateAuth, 'POST', '/api/tasks', {
        ...body,
        assigneeIds: [assignee.id],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ assigneeIds: T.assigneeCannotOpenCase });
    }
    const noCase = await call(advocateAuth, 'POST', '/api/tasks', {
      ...body,
      caseId: '00000000-0000-4000-8000-000000000000',
      assigneeIds: [advocate.id],
    });
    expect(noCase.json().errors).toEqual({ caseId: T.caseNotFound });
    const sharedOffCase = await call(advocateAuth, 'POST', '/api/tasks', {
      ...body,
      caseId: null,
      visibleToClient: true,
      assigneeIds: [advocate.id],
    });
    expect(sharedOffCase.json().errors).toEqual({ visibleToClient: T.visibleNeedsCase });
  });

  it('shows a client only the tasks shared on their own cases, never a deadline or another’s', async () => {
    const shared = await seedTask(ctx, {
      caseId: theCase.id,
      title: 'Bring the title deed',
      visibleToClient: true,
    });
    const internal = await seedTask(ctx, { caseId: theCase.id, title: 'Internal review' });
    const deadline = await seedTask(ctx, { caseId: theCase.id, ...deadlineColumns });
    const others = await seedTask(ctx, {
      caseId: otherCase.id,
      title: 'Baraka’s documents',
      visibleToClient: true,
    });

    const list = await call(clientAuth, 'GET', '/api/tasks');
    expect(list.statusCode).toBe(200);
    expect((list.json().tasks as Task[]).map((task) => task.id)).toEqual([shared.id]);
    expect((await call(clientAuth, 'GET', `/api/tasks/${shared.id}`)).statusCode).toBe(200);
    for (const hidden of [internal, deadline, others]) {
      const response = await call(clientAuth, 'GET', `/api/tasks/${hidden.id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(T.taskNotFound);
    }
    const ofOthers = await call(clientAuth, 'GET', `/api/tasks?caseId=${otherCase.id}`);
    expect(ofOthers.json().tasks).toEqual([]);
    // Staff see them all on the case.
    const staff = await call(advocateAuth, 'GET', `/api/tasks?caseId=${theCase.id}`);
    const ids = (staff.json().tasks as Task[]).map((task) => task.id);
    expect(ids).toEqual(expect.arrayContaining([shared.id, internal.id, deadline.id]));
    expect(ids).not.toContain(others.id);

    // A deadline can never be shared with the client.
    const share = await call(advocateAuth, 'PUT', `/api/tasks/${deadline.id}`, {
      caseId: theCase.id,
      title: deadline.title,
      dueDate: deadline.dueDate,
      assigneeIds: [advocate.id],
      status: 'to_do',
      visibleToClient: true,
    });
    expect(share.statusCode).toBe(400);
    expect(share.json().errors).toEqual({ visibleToClient: T.deadlineNeverVisible });
  });

  it('marks a task done with who and when, reopens it, removes it, and audits each as a sentence', async () => {
    const task = await seedTask(ctx, { caseId: theCase.id, title: 'File the reply' });
    const body = {
      caseId: theCase.id,
      title: 'File the reply',
      dueDate: '2030-01-20',
      assigneeIds: [clerk.id],
      status: 'done',
    };
    const done = await call(advocateAuth, 'PUT', `/api/tasks/${task.id}`, body);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'done', doneByName: 'Wanjiru Kamau' });
    expect(done.json().doneAt).not.toBeNull();
    const audit = await lastAudit('task.updated');
    const sentence = describeAuditEntry({
      action: 'task.updated',
      actor: { id: advocate.id, name: 'Wanjiru Kamau', email: advocate.email },
      target: null,
      details: audit!.details as Record<string, unknown>,
    }).text;
    expect(sentence).toBe(
      `Wanjiru Kamau completed the task “File the reply” on case file ${theCase.caseNumber} (due day, status and assignees)`,
    );

    const reopened = await call(advocateAuth, 'PUT', `/api/tasks/${task.id}`, {
      ...body,
      status: 'in_progress',
    });
    expect(reopened.json()).toMatchObject({
      status: 'in_progress',
      doneAt: null,
      doneByName: null,
    });

    expect((await call(advocateAuth, 'DELETE', `/api/tasks/${task.id}`)).json().message).toBe(
      T.deleted,
    );
    expect((await call(advocateAuth, 'GET', `/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await call(advocateAuth, 'DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await lastAudit('task.deleted'))?.details).toMatchObject({ title: 'File the reply' });
  });

  it('groups "my" open tasks by Nairobi day: today turns overdue at midnight in Nairobi', async () => {
    const clerk = await seedUser(ctx, {
      role: 'admin',
      email: 'diary@firm.test',
      permissions: { canOpenFiles: true },
    });
    const mine = (due: string) =>
      seedTask(ctx, { title: `Due ${due}`, dueDate: due, assigneeIds: [clerk.id] });
    const mon = await mine('2031-03-10');
    const tue = await mine('2031-03-11');
    const nextTue = await mine('2031-03-18');
    // Eight days after Tuesday: in no group yet.
    await mine('2031-03-19');
    await seedTask(ctx, {
      title: 'Done already',
      dueDate: '2031-03-09',
      status: 'done',
      doneAt: new Date(),
      assigneeIds: [clerk.id],
    });
    await seedTask(ctx, {
      title: 'Someone else’s',
      dueDate: '2031-03-10',
      assigneeIds: [advocate.id],
    });
    // 23:59:59 on Monday 10 March in Nairobi (20:59:59 UTC); the session is made then too.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-10T20:59:59Z') });
    const clerkAuth = bearer(await sessionFor(ctx, clerk));
    const due = async (filter: string) =>
      (
        (await call(clerkAuth, 'GET', `/api/tasks?assignee=me&due=${filter}`)).json()
          .tasks as Task[]
      ).map((task) => task.title);

    expect(await due('overdue')).toEqual([]);
    expect(await due('today')).toEqual([mon.title]);
    // This week is the seven days after today: Tuesday 11 to Monday 17 March.
    expect(await due('week')).toEqual([tue.title]);

    // Midnight in Nairobi: Monday's task is overdue, Tuesday's is today's.
    vi.setSystemTime(new Date('2031-03-10T21:00:00Z'));
    expect(await due('overdue')).toEqual([mon.title]);
    expect(await due('today')).toEqual([tue.title]);
    expect(await due('week')).toEqual([nextTue.title]);

    const bad = await call(clerkAuth, 'GET', '/api/tasks?due=tomorrow&assignee=someone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      due: T.dueFilterInvalid,
      assignee: T.assigneeFilterInvalid,
    });
  });
});
