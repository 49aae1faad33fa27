import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deadlinesContract as contract } from '@firm/shared/deadlines/contract';
import { currentUser } from '../../plugins/auth';
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';
import { addFirmHoliday, firmHolidaysAnswer, removeFirmHoliday } from './firm-holidays.service';
import { computeLimitation } from './limitation.service';
import { createTask, deleteTask, getTask, listTasks, updateTask } from './tasks.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const route = <E extends Parameters<typeof contractRoute>[0]>(endpoint: E, tag: string) =>
  contractRoute(endpoint, { tags: [tag], errors });

/**
 * `/api/tasks`, `/api/cases/{id}/limitation` and `/api/settings/holidays` (ADR 051): tasks and
 * deadlines are read as the case files are (`cases:view`, a client their own shared ones) and
 * changed by those who open the files (`tasks:manage`); any member of staff adds a gazetted
 * holiday, an advocate removes one.
 */
export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = [app.requirePermission('cases:view')];
  const manage = [app.requirePermission('tasks:manage')];

  app.route({
    ...route(contract.listTasks, 'tasks'),
    onRequest: view,
    handler: async (request) => listTasks(app.db, currentUser(request), request.query),
  });
  app.route({
    ...route(contract.createTask, 'tasks'),
    onRequest: manage,
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await createTask(app.db, currentUser(request), request.body, requestMeta(request))),
  });
  app.route({
    ...route(contract.getTask, 'tasks'),
    onRequest: view,
    handler: async (request) => getTask(app.db, currentUser(request), request.params.id),
  });
  app.route({
    ...route(contract.updateTask, 'tasks'),
    onRequest: manage,
    handler: async (request) =>
      updateTask(
        app.db,
        currentUser(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
  });
  app.route({
    ...route(contract.deleteTask, 'tasks'),
    onRequest: manage,
    handler: async (request) =>
      deleteTask(app.db, currentUser(request), request.params.id, requestMeta(request)),
  });
  app.route({
    ...route(contract.computeLimitation, 'tasks'),
    onRequest: manage,
    handler: async (request) =>
      computeLimitation(
        app.db,
        currentUser(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
  });

  app.route({
    ...route(contract.listHolidays, 'system settings'),
    onRequest: [app.requirePermission('holidays:add')],
    handler: async () => firmHolidaysAnswer(app.db),
  });
  app.route({
    ...route(contract.addHoliday, 'system settings'),
    onRequest: [app.requirePermission('holidays:add')],
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          await addFirmHoliday(app.db, currentUser(request), request.body, requestMeta(request)),
        ),
  });
  app.route({
    ...route(contract.removeHoliday, 'system settings'),
    onRequest: [app.requirePermission('settings:view')],
    handler: async (request) =>
      removeFirmHoliday(app.db, currentUser(request), request.params.day, requestMeta(request)),
  });
};
