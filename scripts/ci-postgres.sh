# Sourced by .ci/run: starts a throwaway PostgreSQL 15 server if the machine has one and exports
# TEST_DATABASE_URL (and BENCH_DATABASE_URL) so the database tests also run on a real server.
# Beside it, a streaming replica made with pg_basebackup -R (decision 181): TEST_DATABASE_READ_URL, for the
# tests of reads that go to a replica. PG_REPLICA=0 skips it (a bench seeding millions of rows needs no copy).
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
if [ ! -x "$PG_BIN/initdb" ]; then
  echo "ci-postgres: no PostgreSQL 15 at $PG_BIN; database tests run on PGlite only"
  return 0 2>/dev/null || exit 0
fi
PG_DIR=$(mktemp -d /tmp/paylocal-pg.XXXXXX)
PG_PORT=${PG_PORT:-54329}
# A port something else already listens on (another checkout's server) would make the start fail: take the next free one.
while (echo >"/dev/tcp/127.0.0.1/$PG_PORT") 2>/dev/null; do PG_PORT=$((PG_PORT + 1)); done
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
chmod 755 "$PG_DIR"
[ "$(id -u)" = 0 ] && chown postgres "$PG_DIR"
# initdb's pg_hba.conf already has `host replication all 127.0.0.1/32 trust`; wal_level replica is PG 15's default.
as_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 >/dev/null
# Two checkouts sourcing this at once can both find the same port free: when the start fails, try the next ports
# rather than go on and hand out a URL that reaches the other checkout's server.
pg_started=
for _ in 1 2 3 4 5 6 7 8 9 10; do
  if as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c wal_level=replica -c max_wal_senders=5" -w start >/dev/null; then
    pg_started=1
    break
  fi
  PG_PORT=$((PG_PORT + 1))
  while (echo >"/dev/tcp/127.0.0.1/$PG_PORT") 2>/dev/null; do PG_PORT=$((PG_PORT + 1)); done
done
if [ -z "$pg_started" ]; then
  echo "ci-postgres: PostgreSQL 15 did not start (log: $PG_DIR/log)" >&2
  return 1 2>/dev/null || exit 1
fi
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
export BENCH_DATABASE_URL="$TEST_DATABASE_URL"
echo "ci-postgres: PostgreSQL 15 on port $PG_PORT (stop: pg_ctl -D $PG_DIR/data stop)"
if [ "${PG_REPLICA:-1}" != 0 ]; then
  PG_READ_PORT=$((PG_PORT + 1))
  while (echo >"/dev/tcp/127.0.0.1/$PG_READ_PORT") 2>/dev/null; do PG_READ_PORT=$((PG_READ_PORT + 1)); done
  # -R writes standby.signal and primary_conninfo: the copy starts as a hot standby streaming from the primary.
  if as_pg "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$PG_PORT" -U postgres -D "$PG_DIR/replica" -R -X stream >/dev/null 2>&1 &&
    as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/replica" -l "$PG_DIR/replica.log" -o "-p $PG_READ_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c hot_standby=on" -w start >/dev/null; then
    export TEST_DATABASE_READ_URL="postgres://postgres@127.0.0.1:$PG_READ_PORT/postgres"
    echo "ci-postgres: its streaming replica on port $PG_READ_PORT (stop: pg_ctl -D $PG_DIR/replica stop)"
  else
    echo "ci-postgres: could not start a replica; the replica tests are skipped"
  fi
fi
