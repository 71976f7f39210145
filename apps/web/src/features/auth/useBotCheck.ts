import { useCallback, useEffect, useRef, useState } from 'react';
import { type SolvedCaptcha, solveCaptcha } from './captcha';

export type BotCheckState = 'idle' | 'solving' | 'verified' | 'error';

/** Leave this much of a solution's life unused: the submit still has to reach the server. */
const EXPIRY_MARGIN_MS = 30_000;

export interface BotCheck {
  state: BotCheckState;
  /** Share of the proof of work done (0 to 1) while solving. */
  progress: number;
  /** Answers a valid token, solving a fresh challenge when there is none (or it expired). */
  verify: () => Promise<string>;
  /** Forgets the solution: each one is accepted once (000 §8 "Bot-check widget reset after failure"). */
  reset: () => void;
}

/** State of the visible bot-check widget on signup. */
export function useBotCheck(): BotCheck {
  const [state, setState] = useState<BotCheckState>('idle');
  const [progress, setProgress] = useState(0);
  const solved = useRef<SolvedCaptcha | null>(null);
  const running = useRef<Promise<string> | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const verify = useCallback((): Promise<string> => {
    const current = solved.current;
    if (current && (current.expiresAt === null || current.expiresAt - EXPIRY_MARGIN_MS > Date.now())) {
      return Promise.resolve(current.token);
    }
    if (running.current) return running.current;
    const abort = new AbortController();
    controller.current = abort;
    setState('solving');
    setProgress(0);
    const work = solveCaptcha({ signal: abort.signal, onProgress: setProgress })
      .then((result) => {
        solved.current = result;
        setState('verified');
        return result.token;
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setState('error');
        throw error;
      })
      .finally(() => {
        running.current = null;
      });
    running.current = work;
    return work;
  }, []);

  const reset = useCallback(() => {
    controller.current?.abort();
    running.current = null;
    solved.current = null;
    setState('idle');
    setProgress(0);
  }, []);

  return { state, progress, verify, reset };
}
