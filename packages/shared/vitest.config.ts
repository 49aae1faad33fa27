import { defineProject } from 'vitest/config';

export default defineProject({
  // Two workers: the machines that run CI have two cores (see the root vitest.config.ts).
  test: { name: 'shared', include: ['src/**/*.test.ts'], maxWorkers: 2 },
});
