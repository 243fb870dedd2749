import { useCallback, useRef, useState } from 'react';
import { loadHealthContract } from '@sukoyaka/shared';
import type { ForecastInputsSchema } from './draft';

export interface ForecastSchemaLoad {
  /** The inputs' schema once loaded, else null. */
  schema: ForecastInputsSchema | null;
  /** A failed load (the page offers to try again). */
  error: unknown;
  /** Starts the load, once; again after a failure. */
  load: () => void;
}

/**
 * The forecast inputs' schema (the health area's module, with zod), loaded when the member first
 * touches or changes an input: the page draws the member's forecast without it (issue 27).
 */
export function useForecastSchema(): ForecastSchemaLoad {
  const [state, setState] = useState<{ schema: ForecastInputsSchema | null; error: unknown }>({ schema: null, error: null });
  const started = useRef(false);
  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    setState((current) => (current.error ? { ...current, error: null } : current));
    loadHealthContract().then(
      ({ forecastInputsInput }) => setState({ schema: forecastInputsInput, error: null }),
      (error: unknown) => {
        started.current = false;
        setState({ schema: null, error });
      },
    );
  }, []);
  return { ...state, load };
}
