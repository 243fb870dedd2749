import { useCallback, useState } from 'react';
import type { FieldErrors } from './form-errors';

type TextKeys<Values> = { [Key in keyof Values]: Values[Key] extends string ? Key : never }[keyof Values] & string;

/** What a text-like control (TextField, TextAreaField, Select) takes for one value of a form. */
export interface BoundField {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error: string | undefined;
}

/**
 * The values of a hand-written form, one state for all of them: `set(name)` is the change handler
 * of one text value, `field(name, errors)` gives a control its name, value, handler and error (the
 * error under another key where the contract names it so: `menus.0.title`), `reset()` starts over.
 */
export function useFormValues<Values extends Record<string, string | boolean>>(initial: () => Values) {
  const [values, setValues] = useState<Values>(initial);
  const set = useCallback(
    (name: TextKeys<Values>) => (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    [],
  );
  const reset = useCallback(() => setValues(initial()), [initial]);
  const field = (name: TextKeys<Values>, errors: FieldErrors, errorKey: string = name): BoundField => ({
    name,
    value: values[name] as string,
    onChange: set(name),
    error: errors[errorKey],
  });
  return { values, setValues, set, field, reset };
}
