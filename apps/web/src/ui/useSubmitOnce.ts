import { useMemo, useRef } from 'react';

/** The part of a react-query mutation that `useSubmitOnce` calls. */
interface Mutate<TVariables> {
  mutate: (variables: TVariables, options?: { onSettled?: () => void }) => void;
}

/**
 * One submit at a time. A fast double click submits twice before the pending state renders (the state update
 * has not landed yet); `send` marks a submit in flight synchronously (a ref, not state), so the second click
 * sends nothing until the first answer has settled.
 */
export function useSubmitOnce() {
  const inFlight = useRef(false);
  return useMemo(
    () => ({
      send<TVariables>(mutation: Mutate<TVariables>, variables: TVariables) {
        if (inFlight.current) return;
        inFlight.current = true;
        mutation.mutate(variables, {
          onSettled: () => {
            inFlight.current = false;
          },
        });
      },
      /** Whether a submit sent here is still unanswered (true from the click on, before any render). */
      busy(): boolean {
        return inFlight.current;
      },
    }),
    [],
  );
}
