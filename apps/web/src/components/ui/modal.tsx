import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  title: string;
  /** Called on Escape, on the close button and on a click on the backdrop. */
  onClose: () => void;
  children: ReactNode;
  /** Buttons along the bottom edge. */
  footer?: ReactNode;
  description?: ReactNode;
  size?: 'md' | 'lg';
  /** While true (a request is on its way) Escape and the backdrop do not close it. */
  isBusy?: boolean;
  /**
   * A body of text with no control in it (a review before a confirmation): named, and focusable so
   * that it can be scrolled from the keyboard on a small screen.
   */
  bodyLabel?: string;
  /**
   * Full height on a phone from the start: for a dialog that opens with a spinner and fills up
   * with a long record, so the sheet does not jump up the screen as it arrives (layout shift).
   */
  tall?: boolean;
  /**
   * The header gives the body room once it is scrolled: the title to two lines, the description
   * out of sight (still the dialog's description). For a record with a long name on a phone, whose
   * header otherwise held a third of the screen over everything the person scrolled to.
   */
  shrinkHeaderOnScroll?: boolean;
}

/** The dialogs open now, the last on top. */
const OPEN_MODALS: RefObject<HTMLDivElement | null>[] = [];

/**
 * A modal dialog: rendered while mounted, focus moves into it and stays there (Tab wraps), Escape
 * closes it, and focus goes back to whatever had it before. The page behind does not scroll.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  description,
  size = 'md',
  isBusy = false,
  bodyLabel,
  tall = false,
  shrinkHeaderOnScroll = false,
}: ModalProps) {
  const titleId = useId();
  const [isScrolled, setScrolled] = useState(false);
  const isCompact = shrinkHeaderOnScroll && isScrolled;
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const isBusyRef = useRef(isBusy);
  useEffect(() => {
    onCloseRef.current = onClose;
    isBusyRef.current = isBusy;
  });

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first =
      panel?.querySelector<HTMLElement>('[data-autofocus]') ??
      panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog opened from a dialog (client money's Record on the case page): only the top one
      // hears the keys, so Escape closes it alone and Tab stays inside it.
      if (OPEN_MODALS.at(-1) !== panelRef) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        if (!isBusyRef.current) onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !panel.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !panel.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    OPEN_MODALS.push(panelRef);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      OPEN_MODALS.splice(OPEN_MODALS.indexOf(panelRef), 1);
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-slate-900/50"
        onClick={() => {
          if (!isBusy) onClose();
        }}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`relative flex max-h-[92vh] w-full flex-col rounded-t-xl bg-white shadow-xl sm:rounded-xl ${
          size === 'lg' ? 'sm:max-w-2xl' : 'sm:max-w-lg'
        } ${tall ? 'h-[92vh] sm:h-auto' : ''}`}
      >
        <div
          data-modal-header
          className={`flex items-start justify-between gap-4 border-b border-slate-200 px-5 ${
            isCompact ? 'py-2' : 'py-4'
          }`}
        >
          <div className="min-w-0">
            <h2
              id={titleId}
              title={isCompact ? title : undefined}
              className={`font-semibold break-words text-brand-900 ${
                isCompact ? 'line-clamp-2 text-base' : 'text-lg'
              }`}
            >
              {title}
            </h2>
            {description ? (
              <div
                id={descriptionId}
                className={isCompact ? 'sr-only' : 'mt-1 text-sm text-slate-600'}
              >
                {description}
              </div>
            ) : null}
          </div>
          <button
            type="button"
            onClick={onClose}
            disabled={isBusy}
            aria-label="Close dialog"
            className="-m-1 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div
          className="min-h-0 flex-1 overflow-y-auto px-5 py-4 focus-visible:outline-2 focus-visible:outline-brand-600"
          onScroll={
            shrinkHeaderOnScroll
              ? (event) => {
                  // Apart, so the header growing back as the body shrinks cannot flicker it.
                  const top = event.currentTarget.scrollTop;
                  if (top > 48) setScrolled(true);
                  else if (top < 8) setScrolled(false);
                }
              : undefined
          }
          {...(bodyLabel ? { role: 'region', 'aria-label': bodyLabel, tabIndex: 0 } : {})}
        >
          {children}
        </div>
        {footer ? (
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">
            {footer}
          </div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
