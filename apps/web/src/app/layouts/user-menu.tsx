import { portalUserMenu, type PublicUser } from '@firm/shared';
import { ChevronDown, LogOut } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDismiss } from '../../lib/use-dismiss';
import { PORTAL_ICONS } from '../../components/ui/portal-icon';

/**
 * The user menu of docs/product-rules.md#screens: Profile Settings, Admin Management (advocates), Sign Out. A
 * disclosure: Tab moves through it, Escape closes it and gives focus back to the button, and a
 * click elsewhere closes it.
 */
export function UserMenu({ user, onSignOut }: { user: PublicUser; onSignOut: () => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useDismiss(isOpen, () => setIsOpen(false), { container: containerRef, button: buttonRef });

  const itemClass =
    'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100';
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase();

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setIsOpen((open) => !open)}
        className="flex max-w-56 items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white"
        >
          {initials}
        </span>
        {/* The name shows from 1536 px; below, the initials leave the bar room for its links. */}
        <span className="sr-only 2xl:not-sr-only 2xl:truncate">
          {/* The space outside the hidden span: the name is read the same in browsers and in
              the tests' jsdom, which joins inline elements' trimmed texts (ADR 038). */}
          <span className="sr-only">Account menu for</span> {user.firstName} {user.lastName}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
      </button>
      {isOpen ? (
        <div
          id={menuId}
          className="absolute right-0 z-40 mt-2 w-60 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <p className="truncate border-b border-slate-100 px-3 py-2 text-xs text-slate-600">
            {user.email}
          </p>
          <ul className="pt-1">
            {portalUserMenu(user).map((entry) => {
              const Icon = entry.icon ? PORTAL_ICONS[entry.icon] : undefined;
              return (
                <li key={entry.to}>
                  <Link to={entry.to} className={itemClass} onClick={() => setIsOpen(false)}>
                    {Icon ? <Icon aria-hidden="true" className="size-4" /> : null} {entry.label}
                  </Link>
                </li>
              );
            })}
            <li>
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  setIsOpen(false);
                  onSignOut();
                }}
              >
                <LogOut aria-hidden="true" className="size-4" /> Sign Out
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
