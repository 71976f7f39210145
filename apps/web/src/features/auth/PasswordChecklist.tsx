import { passwordChecklist } from '@vitrine/domain';
import styles from './PasswordChecklist.module.css';

/** The live checklist under a new password (000 §5): '8 characters', 'A special character or number'. */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul className={styles.list} aria-label="Password requirements" data-testid="password-checklist">
      {passwordChecklist(password).map((item) => (
        <li key={item.label} className={styles.item} data-met={item.met}>
          <span className={styles.mark} aria-hidden="true">
            {item.met ? (
              <svg viewBox="0 0 24 24" width="12" height="12">
                <path
                  d="M5 12.5l4.2 4.2L19 7"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="3"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            ) : null}
          </span>
          <span>{item.label}</span>
          <span className="visually-hidden">{item.met ? '(done)' : '(missing)'}</span>
        </li>
      ))}
    </ul>
  );
}
