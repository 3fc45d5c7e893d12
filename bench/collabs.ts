// Business search (GET /api/businesses/search) over 10,000 active businesses, 20 concurrent
// connections, through the whole API (session, validation, RLS, the top page of decision 206). Prints p50/p95/p99.
import { depsFromEnv } from '../supabase/functions/api/adapters.ts';
import { parseApiEnv } from '../supabase/functions/api/env.ts';
import { createApp } from '../supabase/functions/api/app.ts';
import { SEED, TEST_ADMIN } from '../tests/support/constants.ts';
import { Agent } from '../tests/support/test-app.ts';
import { openBenchDatabase } from './support/bench-database.ts';
import { formatLoad, runLoad } from './support/load.ts';

const BUSINESSES = 10_000;
// The seed already has a few businesses; the bench adds the rest up to BUSINESSES.
const CONNECTIONS = 20;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);

const PREFIXES = ['Golden', 'Blue', 'Rocky', 'River', 'Maple', 'Cedar', 'Sunny', 'Silver', 'Old Town', 'Little',
  'Wild', 'Green', 'Red Rock', 'Aspen', 'Pine', 'Prairie', 'Canyon', 'Summit', 'Willow', 'Bear'];
const NOUNS = ['Heron', 'Fox', 'Elk', 'Trail', 'Creek', 'Peak', 'Valley', 'Meadow', 'Bridge', 'Barn',
  'Lantern', 'Anchor', 'Sparrow', 'Harvest', 'Juniper', 'Magpie', 'Otter', 'Granite', 'Thistle', 'Bison'];
const KINDS: [string, string, string][] = [
  ['Bakery', 'food', 'Sourdough, pastries and cinnamon rolls baked daily'],
  ['Cafe', 'food', 'Breakfast burritos, sandwiches and local coffee'],
  ['Hardware', 'retail', 'Tools, garden supplies and fishing gear'],
  ['Boutique', 'retail', 'Clothing and gifts from local makers'],
  ['Yoga Studio', 'health-wellness', 'Vinyasa, yin and prenatal classes'],
  ['Sauna', 'sauna-cold-plunge', 'Wood-fired sauna and cold plunge by the river'],
  ['Cinema', 'entertainment', 'Independent films and live music nights'],
  ['Bike Repair', 'services', 'Tune-ups, rentals and trail advice'],
  ['Dispensary', 'dispensaries', 'Locally grown and lab tested'],
  ['Liquor', 'liquor-stores', 'Craft beer, wine and spirits'],
];

// Real users type these: exact words, misspellings of whole names, filters with and without text.
const QUERIES = [
  'q=bakery', 'q=goldn%20heron%20bakry', 'q=silvr%20otter%20sauna', 'q=cinnamon', 'q=maple',
  'q=rocky%20trial%20cafe', 'category=retail', `city=${SEED.lyonsId}`, `city=${SEED.longmontId}&q=yoga`,
  'category=food-dining&q=sourdough', '', 'q=wild%20bisn', 'q=hardware&category=retail', 'q=cold%20plunge',
];

async function seedBusinesses(query: (sql: string, params?: unknown[]) => Promise<unknown>, existing: number) {
  await query(`
    with owners as (
      insert into public.profiles (email, name, role)
      select 'bench-owner-' || i || '@example.com', 'Bench Owner ' || i, 'MERCHANT'
        from generate_series(1, $1::int) i
      returning id
    )
    insert into public.merchants (owner_user_id, name, address, business_type, description, city_id, city_name, active, approved_at)
    select o.id,
           ($2::text[])[1 + n % 20] || ' ' || ($3::text[])[1 + (n / 20) % 20] || ' ' || ($4::text[])[1 + (n / 400) % 10]
             || case when n >= 4000 then ' ' || n else '' end,
           n || ' Main St', ($5::text[])[1 + (n / 400) % 10], ($6::text[])[1 + (n / 400) % 10],
           c.id, c.name || ', ' || c.state, true, now()
      from (select id, (row_number() over (order by id))::int - 1 as n from owners) o
      join lateral (select id, name, state from public.cities order by name offset (o.n % 4) limit 1) c on true`,
  [BUSINESSES - existing, PREFIXES, NOUNS, KINDS.map((k) => k[0]), KINDS.map((k) => k[1]), KINDS.map((k) => k[2])]);
  await query('analyze public.merchants');
}

export async function benchCollabs() {
  const database = await openBenchDatabase('collabs', CONNECTIONS);
  try {
    const [{ active }] = await database.admin.query<{ active: number }>(`select count(*)::int as active from public.merchants where active`);
    await seedBusinesses((sql, params) => database.admin.query(sql, params as unknown[]), active);
    const [{ count }] = await database.admin.query<{ count: string }>(`select count(*) from public.merchants where active`);

    const app = createApp(depsFromEnv(parseApiEnv({ ADMIN_EMAIL: TEST_ADMIN.email }), database.db));
    const agent = new Agent(app);
    await agent.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
    const check = await agent.get('/api/businesses/search?q=goldn%20heron%20bakry');
    if (check.status !== 200 || check.body?.[0]?.name !== 'Golden Heron Bakery') {
      throw new Error(`search sanity check failed: ${check.status} ${JSON.stringify(check.body).slice(0, 200)}`);
    }

    const search = async (i: number) => {
      const res = await agent.get(`/api/businesses/search?${QUERIES[i % QUERIES.length]}&limit=20`);
      if (res.status !== 200) throw new Error(`search answered ${res.status}`);
    };
    // The same searches straight on the database as the signed-in merchant: the SQL share of the time.
    const searchSql = async (i: number) => {
      const params = new URLSearchParams(QUERIES[i % QUERIES.length]);
      await database.db.transaction({ role: 'authenticated', sub: SEED.merchantOwner.id }, (q) =>
        q(`select * from private.search_businesses($1, $2, $3, 20)`, [params.get('q') ?? '', params.get('category'), params.get('city')]));
    };
    await runLoad(CONNECTIONS, 200, search); // warm-up
    const single = await runLoad(1, 300, search);
    const api = await runLoad(CONNECTIONS, REQUESTS, search);
    const sql = await runLoad(CONNECTIONS, REQUESTS, searchSql);
    console.log(`collabs: business search over ${count} active businesses on ${database.label}`);
    console.log(`collabs: API  GET /api/businesses/search  ${formatLoad(single)}`);
    console.log(`collabs: API  GET /api/businesses/search  ${formatLoad(api)}`);
    console.log(`collabs: SQL  private.search_businesses   ${formatLoad(sql)}`);
    return { api, sql };
  } finally {
    await database.close();
  }
}

export const bench = benchCollabs;
export default benchCollabs;

if (process.argv[1]?.endsWith('collabs.ts')) await benchCollabs();
