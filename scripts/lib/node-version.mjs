// Which Node.js the product runs on, and the one line that says so on an older one (ADR 038).
// Plain JavaScript that any Node.js parses, imported first by `npm start` (scripts/start.mjs),
// `npm test` (scripts/run-tests.mjs) and the built server's entry (apps/server/src/launch.ts).

/** The oldest major the product runs on: Node.js 24 LTS. `engines` in package.json says the same. */
export const NODE_MAJOR = 24;

/**
 * The line to print when `version` (e.g. "20.20.2", `process.versions.node`) is older than
 * NODE_MAJOR, naming the command to run through scripts/use-node-24.sh instead; undefined when it
 * is new enough.
 */
export function nodeTooOld(version, command) {
  if (Number(version.split('.')[0]) >= NODE_MAJOR) return undefined;
  return (
    `Node.js ${NODE_MAJOR} or newer is needed (this is ${version}): install Node.js ${NODE_MAJOR} LTS, ` +
    `or run \`bash scripts/use-node-24.sh ${command}\`.`
  );
}

/** Prints nodeTooOld's line to stderr and exits 1 on an older Node.js. */
export function requireNode(command) {
  const problem = nodeTooOld(process.versions.node, command);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
}
