// Many password guesses for one account at once, each from its own address, as the outside review
// sent them (issue #11, finding 1). Answers how many of them had their password checked: a checked
// guess answers 200 (right) or 400 invalid_grant (wrong); an unchecked one is refused before.
import type { FastifyInstance } from 'fastify';
import { form, solveCaptcha } from './auth-kit';

export async function guessesAtOnce(
  apps: FastifyInstance[],
  email: string,
  rightPassword: string,
  count: number,
): Promise<{ checked: number; signedIn: number; statuses: Record<number, number> }> {
  // Solve every bot check first, so the guesses themselves leave together.
  const bodies = await Promise.all(
    Array.from({ length: count }, async (_, i) =>
      form({
        grant_type: 'password',
        username: email,
        // The right password is the last one sent: with no limit it is checked and wins.
        password: i === count - 1 ? rightPassword : `wrong-guess-${i}`,
        captcha_token_v3: await solveCaptcha(apps[i % apps.length] as FastifyInstance),
      }),
    ),
  );
  const answers = await Promise.all(
    bodies.map((body, i) =>
      (apps[i % apps.length] as FastifyInstance).inject({
        method: 'POST',
        url: '/api/o/token/',
        remoteAddress: `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        ...body,
      }),
    ),
  );
  const statuses: Record<number, number> = {};
  for (const a of answers) statuses[a.statusCode] = (statuses[a.statusCode] ?? 0) + 1;
  const signedIn = statuses[200] ?? 0;
  return { checked: signedIn + (statuses[400] ?? 0), signedIn, statuses };
}
