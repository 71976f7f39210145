// The purchase figure's floor on this machine (issue #14, bench/results/purchases-2026-11-24.md "Floor"):
// what 200 buyers at once cost with no ORM, no validation, no ledger and no framework hooks, only Fastify,
// node-postgres prepared statements and the statements a purchase cannot do without. Two variants:
//  - `lean`: Buy Now is the session read, the idempotency claim, the listing read, the intent insert and the
//    idempotency record (5 statements); pay is the session, the claim, the intent and listing reads and the
//    record, and for the winner a transaction (claim the listing, mark the intent paid, two ledger rows).
//  - `one`: each request is one statement (session check, listing check and insert in one CTE; pay's claim
//    and intent update in one CTE): the least a purchase over HTTP can cost.
// `node bench/floor/purchase-floor.mjs [lean|one] [bursts] [listings per burst]` against a scratch database on the local
// PostgreSQL (FLOOR_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/vitrine_floor, created and
// reset on each run). The server runs in a child process; the buyers use node:http with keep-alive.
import { fork } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import Fastify from 'fastify';
import pg from 'pg';

const variant = process.argv[2] ?? 'lean';
const bursts = Number(process.argv[3] ?? 16);
/** Listings of each burst: 1 (the hot listing), or 64 (the 64-listing figure: each buyer on one drawn at random). */
const spread = Number(process.argv[4] ?? 1);
const BUYERS = 200;
const url = process.env.FLOOR_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vitrine_floor';

if (process.env.FLOOR_SERVER) await serve();
else await drive();

async function drive() {
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  const name = new URL(url).pathname.slice(1);
  if ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 0)
    await admin.query(`create database "${name}"`);
  await admin.end();
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query(`
    drop table if exists sessions, listings, intents, idem, ledger;
    create table sessions(hash text primary key, user_id int not null, expires_at timestamptz not null);
    insert into sessions select 'tok' || g, g, now() + interval '1 day' from generate_series(1, ${BUYERS}) g;
    create table listings(id serial primary key, token_id int not null, seller_id int not null, price int not null, status text not null);
    insert into listings(token_id, seller_id, price, status) select g, 9999, 2500, 'active' from generate_series(1, ${bursts * spread}) g;
    create table intents(id serial primary key, buyer_id int not null, listing_id int not null, price int not null, state text not null, created_at timestamptz default now());
    create index on intents(listing_id, state);
    create table idem(key text primary key, user_id int not null, response text);
    create table ledger(id serial primary key, account int not null, amount int not null, ref text not null);`);
  await db.end();
  const server = fork(new URL(import.meta.url).pathname, [variant], {
    env: { ...process.env, FLOOR_SERVER: '1' },
  });
  const port = await new Promise((resolve) => server.once('message', resolve));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });
  const call = (path, token, body) =>
    new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          agent,
          headers: {
            authorization: token,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
        },
        (res) => {
          let s = '';
          res.on('data', (d) => (s += d));
          res.on('end', () => resolve({ status: res.statusCode, json: JSON.parse(s) }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
  for (let burst = 1; burst <= bursts; burst++) {
    const lat = [];
    const statuses = {};
    await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const started = performance.now();
        const token = `tok${i + 1}`;
        const listing = (burst - 1) * spread + 1 + randomInt(spread);
        const b = await call('/buy', token, { listing });
        const p = b.status === 200 ? await call('/pay', token, { intent: b.json.id }) : b;
        statuses[p.status] = (statuses[p.status] ?? 0) + 1;
        lat.push(performance.now() - started);
      }),
    );
    lat.sort((a, b) => a - b);
    const at = (q) => lat[Math.ceil(q * lat.length) - 1].toFixed(0);
    process.stdout.write(
      `${variant} burst ${burst} (${spread} listing${spread === 1 ? '' : 's'}): Buy Now + pay p50 ${at(0.5)} ms, p99 ${at(0.99)} ms ${JSON.stringify(statuses)}\n`,
    );
  }
  server.kill();
  process.exit(0);
}

async function serve() {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const q = (name, text, values) => pool.query({ name, text, values });
  const app = Fastify();
  const gone = (reply) => reply.code(409).send({ error: 'listing-unavailable' });
  if (variant === 'one') {
    app.post('/buy', async (req, reply) => {
      const r = await q(
        'buy',
        `with s as (select user_id from sessions where hash = $1 and expires_at > now()),
        l as (select * from listings where id = $2 and status = 'active')
        insert into intents(buyer_id, listing_id, price, state) select s.user_id, l.id, l.price, 'pending' from s, l returning id`,
        [req.headers.authorization, req.body.listing],
      );
      return r.rows[0] ? { id: r.rows[0].id } : gone(reply);
    });
    app.post('/pay', async (req, reply) => {
      const r = await q(
        'pay',
        `with s as (select user_id from sessions where hash = $1 and expires_at > now()),
        i as (select intents.* from intents, s where intents.id = $2 and intents.buyer_id = s.user_id),
        claim as (update listings set status = 'sold' where id = (select listing_id from i) and status = 'active' returning id)
        update intents set state = 'paid' where id = (select id from i) and exists (select 1 from claim) returning id`,
        [req.headers.authorization, req.body.intent],
      );
      return r.rows[0] ? { ok: true } : gone(reply);
    });
  } else {
    const auth = async (req) => {
      const r = await q('session', 'select user_id from sessions where hash = $1 and expires_at > now()', [
        req.headers.authorization,
      ]);
      if (!r.rows[0]) throw Object.assign(new Error('unauthorized'), { statusCode: 401 });
      return r.rows[0].user_id;
    };
    const claimKey = (req, uid) =>
      q('idem_claim', 'insert into idem(key, user_id) values ($1, $2)', [
        req.headers['idempotency-key'],
        uid,
      ]);
    const record = (req, response) =>
      q('idem_record', 'update idem set response = $2 where key = $1', [
        req.headers['idempotency-key'],
        response,
      ]);
    app.post('/buy', async (req, reply) => {
      const uid = await auth(req);
      await claimKey(req, uid);
      const l = (await q('listing', 'select * from listings where id = $1', [req.body.listing])).rows[0];
      if (l?.status !== 'active') return record(req, 'gone').then(() => gone(reply));
      const i = (
        await q(
          'intent_insert',
          "insert into intents(buyer_id, listing_id, price, state) values ($1, $2, $3, 'pending') returning id",
          [uid, l.id, l.price],
        )
      ).rows[0];
      await record(req, JSON.stringify(i));
      return { id: i.id };
    });
    app.post('/pay', async (req, reply) => {
      const uid = await auth(req);
      await claimKey(req, uid);
      const i = (
        await q('intent', 'select * from intents where id = $1 and buyer_id = $2', [req.body.intent, uid])
      ).rows[0];
      const l = (await q('listing', 'select * from listings where id = $1', [i.listing_id])).rows[0];
      if (l.status !== 'active') return record(req, 'gone').then(() => gone(reply));
      const c = await pool.connect();
      let won = false;
      try {
        await c.query('begin');
        const claimed = await c.query({
          name: 'claim',
          text: "update listings set status = 'sold' where id = $1 and status = 'active' returning id",
          values: [l.id],
        });
        if (claimed.rowCount) {
          await c.query({
            name: 'paid',
            text: "update intents set state = 'paid' where id = $1",
            values: [i.id],
          });
          await c.query({
            name: 'ledger',
            text: 'insert into ledger(account, amount, ref) values ($1, $2, $3), ($4, $5, $3)',
            values: [uid, -l.price, `p${i.id}`, l.seller_id, l.price],
          });
          await c.query('commit');
          won = true;
        } else {
          await c.query('rollback');
        }
      } finally {
        c.release();
      }
      await record(req, won ? 'paid' : 'gone');
      return won ? { ok: true } : gone(reply);
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send(app.server.address().port);
}
