// Says loudly whether the PostgreSQL integration run is on, so it never goes missing in silence.
export default function setup(): void {
  if (process.env.TEST_DATABASE_URL) {
    process.stderr.write(
      `\n[int-postgres] running the integration suite on ${redact(process.env.TEST_DATABASE_URL)}\n`,
    );
  } else {
    process.stderr.write(
      '\n[int-postgres] TEST_DATABASE_URL is not set: the integration suite ran on PGlite only.\n' +
        '[int-postgres] CI sets TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run it on PostgreSQL too.\n\n',
    );
  }
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
