import { useCallback, useEffect, useRef, useState, type Dispatch, type FormEvent, type RefObject, type SetStateAction } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { toAppError } from '../api/app-error';
import { describeError, fieldErrorsOf, formLevelError, validateInput, type FieldErrors } from './form-errors';

/** What the hook needs of a react-query mutation (an area's `useSave…()` or a `useMutation`). */
export interface FormMutation<Data, Result> {
  mutate: (data: Data, options?: { onSuccess?: (result: Result) => void; onError?: (error: unknown) => void }) => void;
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

export type ContractFormOptions<S extends z.ZodMiniType, Result> = (
  | {
      /** The call's input schema from `@sukoyaka/contract`: the one the bff validates with. */
      schema: S;
      loadSchema?: never;
    }
  | {
      /**
       * The same schema, loaded when the member first touches the form (focus or press inside
       * it) or sends it: a page that must stay light loads the contract's module and zod then,
       * not with the page (issue 27). `import('@sukoyaka/contract/<area>')` in a lazy page.
       */
      loadSchema: () => Promise<S>;
      /**
       * When the load starts: at the first focus or press inside the form (the default), or at
       * the first change or press ('input') for a form whose field takes focus as the page opens,
       * where the focus alone says nothing of the member.
       */
      loadSchemaOn?: 'focus' | 'input';
      schema?: never;
    }
) & {
  /**
   * A page's own checks beyond the call's input (a password typed twice), given the schema's
   * messages: what it returns joins them, and any message stops the sending.
   */
  check?: (errors: FieldErrors) => FieldErrors;
  /** Runs once the values passed the schema, just before they are sent. */
  beforeSubmit?: (data: z.output<S>) => void;
  onSuccess?: (result: Result, data: z.output<S>) => void;
  onError?: (error: unknown) => void;
} & (
    { mutation: FormMutation<z.output<S>, Result>; submit?: never } | { submit: (data: z.output<S>) => Promise<Result>; mutation?: never }
  );

export interface ContractForm {
  /**
   * Props for the `<form>`: its ref (to find the first invalid field), `noValidate` (the schema
   * speaks, not the browser) and an `onSubmit` that submits what `values()` returns.
   */
  formProps: (values: () => unknown) => {
    ref: RefObject<HTMLFormElement | null>;
    noValidate: true;
    onSubmit: (event: FormEvent) => void;
    /** With `loadSchema`: the first focus (or change) or press inside the form starts loading the schema. */
    onFocus?: () => void;
    onChange?: () => void;
    onPointerDown?: () => void;
  };
  /** Validates `values` with the schema, then sends them; field errors and focus follow. */
  submit: (values: unknown) => void;
  /** A handler for `<form onSubmit>` that submits what `values()` returns. */
  handleSubmit: (values: () => unknown) => (event: FormEvent) => void;
  /** The message at each field: the schema's before sending, the bff's 400 `fields` after. */
  errors: FieldErrors;
  setErrors: Dispatch<SetStateAction<FieldErrors>>;
  /** The sentence above the form, or null (a 400 naming fields is shown at the fields instead). */
  formError: string | null;
  /** The failed call itself, for pages that branch on its code. */
  error: unknown;
  isPending: boolean;
  /** Forgets field errors and the failed call. */
  reset: () => void;
}

/**
 * One form's life, driven by its call's contract schema: client validation with the same zod
 * schema the bff uses, the bff's 400 `fields` mapped onto the fields, the form-level error, the
 * pending state, and focus moved to the first invalid field so keyboard and screen-reader users
 * land on what to fix. Fields are matched by the `aria-invalid` the shared field primitives set
 * (TextField, Select, LabelledField; DatePicker marks its opener), in document order; a field
 * that is not rendered that way is found by its `name`.
 */
export function useContractForm<S extends z.ZodMiniType, Result = unknown>(options: ContractFormOptions<S, Result>): ContractForm {
  const { submit: send } = options;
  const own = useMutation<Result, unknown, z.output<S>>({
    mutationFn: (data) => (send ? send(data) : Promise.reject(new Error('useContractForm: no submit'))),
  });
  const mutation: FormMutation<z.output<S>, Result> = options.mutation ?? own;
  const formRef = useRef<HTMLFormElement | null>(null);
  const [errors, setErrorsState] = useState<FieldErrors>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const latest = useRef(options);
  latest.current = options;
  // loadSchema's one load (again after a failure), the values sent while it loads (sent once,
  // the latest, however often the button is pressed), and a failure to show above the form.
  const schemaLoad = useRef<Promise<S> | null>(null);
  const waiting = useRef<{ values: unknown } | null>(null);
  const [awaitingSchema, setAwaitingSchema] = useState(false);
  const [loadFailure, setLoadFailure] = useState<unknown>(null);
  const loadSchema = useCallback((): Promise<S> => {
    const load = latest.current.loadSchema!;
    schemaLoad.current ??= load().catch((error: unknown) => {
      schemaLoad.current = null;
      throw error;
    });
    return schemaLoad.current;
  }, []);
  const warmSchema = useCallback(() => {
    if (latest.current.loadSchema) loadSchema().catch(() => undefined);
  }, [loadSchema]);

  const showErrors = useCallback((next: FieldErrors) => {
    setErrorsState(next);
    if (Object.values(next).some(Boolean)) setFocusRequest((count) => count + 1);
  }, []);

  useEffect(() => {
    if (focusRequest === 0) return;
    focusFirstInvalid(formRef.current, errors);
    // Only a new request moves focus; typing while errors show must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const validateAndSend = useCallback(
    (schema: S, values: unknown) => {
      const { data, errors: invalid } = validateInput(schema, values);
      const found = { ...invalid, ...latest.current.check?.(invalid ?? {}) };
      showErrors(found);
      if (!data || Object.values(found).some(Boolean)) return;
      latest.current.beforeSubmit?.(data);
      mutation.mutate(data, {
        onSuccess: (result) => latest.current.onSuccess?.(result, data),
        onError: (error) => {
          showErrors(fieldErrorsOf(error));
          latest.current.onError?.(error);
        },
      });
    },
    [mutation, showErrors],
  );

  const submit = useCallback(
    (values: unknown) => {
      const { schema } = latest.current;
      if (schema) return validateAndSend(schema, values);
      if (waiting.current) {
        waiting.current.values = values;
        return;
      }
      waiting.current = { values };
      setAwaitingSchema(true);
      setLoadFailure(null);
      const done = () => {
        const sent = waiting.current!.values;
        waiting.current = null;
        setAwaitingSchema(false);
        return sent;
      };
      loadSchema().then(
        (loaded) => validateAndSend(loaded, done()),
        (error: unknown) => {
          done();
          setLoadFailure(error);
          latest.current.onError?.(error);
        },
      );
    },
    [validateAndSend, loadSchema],
  );

  const handleSubmit = useCallback(
    (values: () => unknown) => (event: FormEvent) => {
      event.preventDefault();
      submit(values());
    },
    [submit],
  );

  const failure = formLevelError(mutation.error) ?? (loadFailure ? toAppError(loadFailure) : null);
  return {
    formProps: (values) => ({
      ref: formRef,
      noValidate: true,
      onSubmit: handleSubmit(values),
      ...(!options.loadSchema
        ? {}
        : options.loadSchemaOn === 'input'
          ? { onChange: warmSchema, onPointerDown: warmSchema }
          : { onFocus: warmSchema, onPointerDown: warmSchema }),
    }),
    submit,
    handleSubmit,
    errors,
    setErrors: setErrorsState,
    formError: failure ? describeError(failure) : null,
    error: mutation.error,
    isPending: mutation.isPending || awaitingSchema,
    reset: () => {
      setErrorsState({});
      setLoadFailure(null);
      mutation.reset();
    },
  };
}

/** Focuses the first invalid control of the form in document order, else the first named one. */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors): void {
  if (!form) return;
  const marked = form.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
  if (marked) return marked.focus();
  const controls = Array.from(form.elements) as HTMLInputElement[];
  const named = controls.find((control) => control.type !== 'hidden' && errors[control.name]);
  named?.focus();
}
