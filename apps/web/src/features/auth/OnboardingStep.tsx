import type { ReactNode } from 'react';
import styles from './OnboardingPage.module.css';

export interface OnboardingStepProps {
  number: number;
  title: string;
  done: boolean;
  children: ReactNode;
}

export function OnboardingStep({ number, title, done, children }: OnboardingStepProps) {
  return (
    <li className={styles.step} data-done={done}>
      <span className={styles.number} aria-hidden="true">
        {done ? '✓' : number}
      </span>
      <div className={styles.stepBody}>
        <h2 className={styles.stepTitle}>
          {title}
          {done ? <span className="visually-hidden"> (done)</span> : null}
        </h2>
        {children}
      </div>
    </li>
  );
}
