/**
 * The server's refusal of a whole form (or a dialog's one request), above its fields: announced
 * as it appears, and nothing at all while there is none.
 */
export function FormAlert({ message, className }: { message?: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={`rounded-md bg-red-50 p-3 text-sm font-medium text-red-800${className ? ` ${className}` : ''}`}
    >
      {message}
    </p>
  );
}
