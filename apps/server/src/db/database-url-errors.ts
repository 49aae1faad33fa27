/** DATABASE_URL names a server or database that cannot be used: the message says which part. */
export class DatabaseUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUrlError';
  }
}

/** host:port/database of the URL: never its user's password. */
function describeTarget(databaseUrl: string): { where: string; database: string; user: string } {
  try {
    const url = new URL(databaseUrl);
    const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default)';
    return {
      where: `${url.hostname || 'localhost'}:${url.port || '5432'}`,
      database,
      user: decodeURIComponent(url.username) || '(default)',
    };
  } catch {
    return { where: 'the configured server', database: '(unknown)', user: '(unknown)' };
  }
}

/**
 * What went wrong opening the PostgreSQL server of DATABASE_URL, in one line that names the
 * variable (the README promises it), or the error itself when it is not a connection problem.
 * pg's messages name the user or database, never the password.
 */
export function asDatabaseUrlError(databaseUrl: string, error: unknown): unknown {
  const { where, database, user } = describeTarget(databaseUrl);
  const code = (error as { code?: string } | undefined)?.code;
  const message = error instanceof Error ? error.message : '';
  switch (code) {
    case 'ECONNREFUSED':
      return new DatabaseUrlError(
        `DATABASE_URL: nothing accepts connections at ${where} (connection refused). Is PostgreSQL running there?`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new DatabaseUrlError(`DATABASE_URL: the host of ${where} cannot be found.`);
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new DatabaseUrlError(`DATABASE_URL: ${where} cannot be reached (${code}).`);
    case '3D000': // invalid_catalog_name
      return new DatabaseUrlError(
        `DATABASE_URL: database "${database}" does not exist on ${where}. Create it (createdb ${database}) or fix the URL.`,
      );
    case '28P01': // invalid_password
    case '28000': // invalid_authorization_specification
      return new DatabaseUrlError(
        `DATABASE_URL: ${where} refused user "${user}" (${message}). Fix the user or password in the URL.`,
      );
    default:
      if (/timeout/i.test(message) && /connect/i.test(message)) {
        return new DatabaseUrlError(`DATABASE_URL: ${where} did not answer in time.`);
      }
      return error;
  }
}
