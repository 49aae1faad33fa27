import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';

/**
 * A password input with a show/hide button (docs/product-rules.md#screens, Login page). `isInitiallyVisible`
 * shows it from the start (a password the app just generated, to be read and handed over).
 */
export function PasswordField({
  isInitiallyVisible = false,
  ...props
}: Omit<TextFieldProps, 'type' | 'trailing'> & { isInitiallyVisible?: boolean }) {
  const [isVisible, setIsVisible] = useState(isInitiallyVisible);
  return (
    <TextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setIsVisible((visible) => !visible)}
          aria-pressed={isVisible}
          className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          {isVisible ? (
            <EyeOff aria-hidden="true" className="size-4" />
          ) : (
            <Eye aria-hidden="true" className="size-4" />
          )}
          <span className="sr-only">
            {isVisible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
          </span>
        </button>
      }
    />
  );
}
