import type { PortalLink } from '@firm/shared';
import { ChevronDown } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useDismiss } from '../../lib/use-dismiss';

/**
 * A group of the header's items on the desktop bar (an advocate's Admin Management and System
 * Settings), as a disclosure: the button names the group and says when one of its pages is open;
 * Tab moves through its links, Escape closes it and gives focus back to the button, a click or
 * focus elsewhere and a navigation close it.
 */
export function NavGroup({
  label,
  items,
  linkClass,
}: {
  label: string;
  items: readonly PortalLink[];
  linkClass: (state: { isActive: boolean }) => string;
}) {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isOpen = openOn === pathname;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const isActive = items.some((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));

  useDismiss(isOpen, () => setOpenOn(null), { container: containerRef, button: buttonRef });

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-current={isActive ? 'page' : undefined}
        onClick={() => setOpenOn(isOpen ? null : pathname)}
        className={`${linkClass({ isActive })} gap-1`}
      >
        {label}
        <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
      </button>
      {isOpen ? (
        <ul
          id={listId}
          className="absolute right-0 z-40 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={linkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
