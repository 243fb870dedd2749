import { useCallback, useState, type HTMLAttributes } from 'react';
import { TextField } from '../ui/primitives';
import type { FieldErrors } from './form-errors';

/**
 * One text-like field of a form, described rather than written out: a form whose fields differ
 * only in name, label, unit and limits (a vitals record) is a list of these.
 */
export interface FieldSpec<Name extends string = string> {
  /** The input's name and the key of the contract's input (and of a 400's `fields`). */
  name: Name;
  label: string;
  /** Shown after the label: 最高血圧（mmHg）. */
  unit?: string;
  type?: 'text' | 'number' | 'email' | 'tel' | 'password' | 'time' | 'url';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  min?: number;
  max?: number;
  step?: number | 'any';
  maxLength?: number;
  hint?: string;
  /** Not required: the label says （任意）. */
  optional?: boolean;
}

export type FieldValues<Name extends string = string> = Record<Name, string>;

/** The label as read: the unit in full-width brackets after the name. */
export const fieldLabel = (spec: Pick<FieldSpec, 'label' | 'unit'>) => (spec.unit ? `${spec.label}（${spec.unit}）` : spec.label);

/** Renders each spec as a labelled TextField, with its value and its error. */
export function FieldList<Name extends string>({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: readonly FieldSpec<Name>[];
  values: FieldValues<Name>;
  errors: FieldErrors;
  onChange: (name: Name, value: string) => void;
}) {
  return (
    <>
      {fields.map((spec) => (
        <TextField
          key={spec.name}
          name={spec.name}
          label={fieldLabel(spec)}
          type={spec.type ?? 'text'}
          inputMode={spec.inputMode}
          autoComplete={spec.autoComplete}
          min={spec.min}
          max={spec.max}
          step={spec.step}
          maxLength={spec.maxLength}
          hint={spec.hint}
          optional={spec.optional}
          required={!spec.optional}
          value={values[spec.name]}
          onChange={(event) => onChange(spec.name, event.target.value)}
          error={errors[spec.name]}
        />
      ))}
    </>
  );
}

/** The values of a field list, all '' at first: `[values, setValue, clear]`. */
export function useFieldValues<Name extends string>(fields: readonly FieldSpec<Name>[]) {
  const empty = useCallback(() => Object.fromEntries(fields.map((spec) => [spec.name, ''])) as FieldValues<Name>, [fields]);
  const [values, setValues] = useState<FieldValues<Name>>(empty);
  const setValue = useCallback((name: Name, value: string) => setValues((current) => ({ ...current, [name]: value })), []);
  const clear = useCallback(() => setValues(empty()), [empty]);
  return [values, setValue, clear] as const;
}
