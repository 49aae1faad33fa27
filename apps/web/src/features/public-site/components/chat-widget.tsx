import { PUBLIC_SITE_SCREEN_TEXTS as T, isOfficeOpen, normalizeChatPhone } from '@firm/shared';
import { MessageCircle, Phone, Send, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { firm, hoursSummary, telHref } from '../../../content/firm';

/** docs/product-rules.md#states, #limits: the online status is recomputed every 60 seconds. */
export const CHAT_STATUS_REFRESH_MS = 60_000;

/** `https://wa.me/<number>?text=…` with the number normalised as docs/product-rules.md#validation says. */
export function chatLink(phone: string, text: string): string {
  return `https://wa.me/${normalizeChatPhone(phone)}?text=${encodeURIComponent(text)}`;
}

/**
 * Online while the main office is open, on Nairobi time. Unknown (null) until mounted: the page
 * is prerendered at build time, so the status must come from the visitor's clock, not the build's.
 */
function useOfficeOpen(): boolean | null {
  const [isOpen, setIsOpen] = useState<boolean | null>(null);
  useEffect(() => {
    const update = () => setIsOpen(isOfficeOpen(new Date()));
    update();
    const timer = window.setInterval(update, CHAT_STATUS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return isOpen;
}

/** How long the page must stay unchanged before the bubble checks what lies under it again. */
const MUTATIONS_SETTLE_MS = 150;

/** What a person works with: the bubble must never sit on one. */
const CONTROL =
  'a[href], button, input, select, textarea, label, summary, [contenteditable], [role="button"], [role="link"], [role="tab"], [tabindex]:not([tabindex="-1"])';

/** A field being typed into, or anything inside a form (its Send button as it is tapped). */
function isFormFocus(element: Element | null, widget: Element | null): boolean {
  if (!element || element === document.body || widget?.contains(element)) return false;
  return element.matches('input, select, textarea, [contenteditable]') || !!element.closest('form');
}

/**
 * Whether the bubble should step aside: while a form field outside it has focus (on a phone the
 * keyboard pushes fields under it, and a tap on the form's Send must not land on it as it comes
 * back), and while a control of the page lies under it (a full-width button scrolled to the foot
 * of a phone's screen). Checked when focus moves, after scrolling and on resizing.
 */
function useStepsAside(widget: RefObject<HTMLDivElement | null>, isExpanded: boolean): boolean {
  const [hasFormFocus, setHasFormFocus] = useState(false);
  const [isOverControl, setIsOverControl] = useState(false);

  useEffect(() => {
    // focusout comes before the next element has focus: read activeElement once it has.
    const update = () =>
      window.setTimeout(() => setHasFormFocus(isFormFocus(document.activeElement, widget.current)));
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
    };
  }, [widget]);

  useEffect(() => {
    const launcher = widget.current?.querySelector('[data-chat-launcher]');
    if (!launcher || typeof document.elementsFromPoint !== 'function') return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const rect = launcher.getBoundingClientRect();
      const inset = 4;
      const middleX = rect.left + rect.width / 2;
      const middleY = rect.top + rect.height / 2;
      // The corners, the middle of each edge and the centre: a button's end that reaches under the
      // bubble's side, between two corners, counts too ("Ask the firm to delete my data" at the
      // foot of a phone's Profile did).
      const points: [number, number][] = [
        [rect.left + inset, rect.top + inset],
        [rect.right - inset, rect.top + inset],
        [rect.left + inset, rect.bottom - inset],
        [rect.right - inset, rect.bottom - inset],
        [rect.left + inset, middleY],
        [rect.right - inset, middleY],
        [middleX, rect.top + inset],
        [middleX, rect.bottom - inset],
        [middleX, middleY],
      ];
      setIsOverControl(
        points.some(([x, y]) =>
          document
            .elementsFromPoint(x, y)
            .some((element) => !widget.current?.contains(element) && element.closest(CONTROL)),
        ),
      );
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Pages change under it without a scroll too (a list loads, a section opens). Once the changes
    // have settled: a portal page changes the document many times while it loads, and each check
    // lays the page out.
    let settle = 0;
    const scheduleSettled = () => {
      window.clearTimeout(settle);
      settle = window.setTimeout(schedule, MUTATIONS_SETTLE_MS);
    };
    const observer = new MutationObserver(scheduleSettled);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      window.clearTimeout(settle);
      if (frame) window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, [widget]);

  // Open, it is what the person is using.
  return !isExpanded && (hasFormFocus || isOverControl);
}

/**
 * The floating chat widget of docs/product-rules.md#screens, bottom right. It steps aside (hidden) while a form
 * field has focus or a control lies under it; the layout leaves it out where it has no place (staff
 * in the portal, the secure messages screen) and pads the page's foot so the last lines clear it.
 */
export function ChatWidget({ phone = firm.whatsapp }: { phone?: string }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const [message, setMessage] = useState<string>(firm.chatGreeting);
  const isOnline = useOfficeOpen();
  const panelId = useId();
  const messageId = useId();
  const widget = useRef<HTMLDivElement>(null);
  const stepsAside = useStepsAside(widget, isExpanded);
  const statusText = isOnline === null ? '' : isOnline ? T.chatOnline : T.chatOffline;

  return (
    <div
      ref={widget}
      // Hidden, not moved: `invisible` also takes it out of the tab order and from screen readers
      // until it is back.
      className={`fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3 print:hidden ${stepsAside ? 'invisible' : ''}`}
      data-testid="chat-widget"
    >
      {isExpanded ? (
        <section
          id={panelId}
          aria-label="Chat with us"
          className="w-[min(20rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white shadow-xl"
        >
          <header className="flex items-start justify-between gap-2 rounded-t-lg bg-brand-900 px-4 py-3 text-white">
            <div>
              <h2 className="font-semibold">Chat with {firm.shortName}</h2>
              <p className="mt-0.5 flex items-center gap-1.5 text-sm text-slate-200" role="status">
                <span
                  aria-hidden="true"
                  className={`size-2 rounded-full ${isOnline ? 'bg-green-400' : 'bg-slate-400'}`}
                />
                <span data-testid="chat-status">{statusText}</span>
              </p>
            </div>
          </header>
          <div className="space-y-3 p-4">
            <p className="text-sm text-slate-700">
              {isOnline === false ? T.chatClosedIntro(hoursSummary) : T.chatOpenIntro}
            </p>
            <label htmlFor={messageId} className="block text-sm font-medium text-slate-800">
              Your message
            </label>
            <textarea
              id={messageId}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              rows={3}
              className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            />
            <a
              href={chatLink(phone, message)}
              target="_blank"
              rel="noopener noreferrer"
              className="flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
            >
              <Send aria-hidden="true" className="size-4" /> Send
            </a>
            <a
              href={telHref(firm.phone)}
              className="flex w-full items-center justify-center gap-2 rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
            >
              <Phone aria-hidden="true" className="size-4" /> Call {firm.phone}
            </a>
          </div>
        </section>
      ) : null}
      <button
        type="button"
        aria-expanded={isExpanded}
        aria-controls={isExpanded ? panelId : undefined}
        data-chat-launcher
        onClick={() => setIsExpanded((value) => !value)}
        className="relative flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800"
      >
        {isExpanded ? (
          <X aria-hidden="true" className="size-6" />
        ) : (
          <MessageCircle aria-hidden="true" className="size-6" />
        )}
        <span className="sr-only">
          {isExpanded
            ? 'Close chat'
            : `Open chat${isOnline === null ? '' : isOnline ? ' (online)' : ' (offline)'}`}
        </span>
        {isOnline === null ? null : (
          <span
            aria-hidden="true"
            className={`absolute top-1 right-1 size-3 rounded-full border-2 border-white ${isOnline ? 'bg-green-500' : 'bg-slate-400'}`}
          />
        )}
      </button>
    </div>
  );
}
