#!/usr/bin/env python3
"""Runs one engine's queries of docs/FLEET.md, in order, over segment files, and prints what they return.

    Tools/fleet-queries.py duckdb|duckdb-setup|clickhouse|clickhouse-production 'logs/**/*.zst' [docs/FLEET.md] [--repeat N]

Blocks starting with CREATE or INSERT are executed; every other block's rows are printed as JSON objects, with the
seconds each block took: {"tables": {"kinds": [{...}, ...], ...}, "seconds": {"events": 1.2, ...}}. `duckdb-setup`
runs the recorded set-up's queries (`app.configuration`) after DuckDB's `events` block. DuckDB and chdb
come from PyPI (Tools/setup.sh --tests installs both); both use every core. `clickhouse-production` runs the
production layout (its tables, views and `ingest`, then the read blocks) and, over its `events` table, the ClickHouse
queries of the tables no view keeps. `--repeat N` (production only, for timing at scale) inserts the loaded events
N - 1 more times under other install ids (`id~1`, ...), through the views, so the tables hold N times the counts.
Used by FleetQueryTests, GeneratedFleetQueryTests and `authtrail-bench fleet`.
"""
import json
import re
import sys
import time

arguments = sys.argv[1:]
repeat = 1
if "--repeat" in arguments:
    at = arguments.index("--repeat")
    repeat = int(arguments[at + 1])
    del arguments[at:at + 2]
engine, files = arguments[0], arguments[1]
document = arguments[2] if len(arguments) > 2 else __file__.rsplit("/", 2)[0] + "/docs/FLEET.md"
text = open(document).read()
blocks = re.findall(r"```sql\n-- " + engine + r": (\w+)\n(.*?)```", text, re.S)
if engine == "clickhouse-production":
    # The production layout's tables and views, then the ClickHouse queries for the tables no view keeps, over its
    # MergeTree `events` table instead of the files.
    served = {name for name, _ in blocks}
    blocks += [(name, sql) for name, sql in re.findall(r"```sql\n-- clickhouse: (\w+)\n(.*?)```", text, re.S)
               if name != "events" and name not in served]
if engine == "duckdb-setup":
    # The recorded set-up's queries read the `events` table the DuckDB blocks load: load it first.
    blocks = [(name, sql) for name, sql in re.findall(r"```sql\n-- duckdb: (\w+)\n(.*?)```", text, re.S)
              if name == "events"] + blocks
if engine.startswith("duckdb"):
    import duckdb

    connection = duckdb.connect()
    connection.execute("SET enable_progress_bar = false")
    run = connection.execute

    def rows(sql):
        return [json.loads(row[0]) for row in connection.sql(f"SELECT to_json(t)::VARCHAR FROM ({sql}) t").fetchall()]
else:
    from chdb import session

    connection = session.Session()
    run = connection.query
    if engine == "clickhouse-production":
        # The generated fleet's fixed dates fall out of the 90-day TTL some day: no TTL merge may drop them here.
        run("SYSTEM STOP TTL MERGES")

    def rows(sql):
        text = connection.query(sql + "\nSETTINGS output_format_json_quote_64bit_integers = 0", "JSONEachRow")
        return [json.loads(line) for line in text.bytes().decode().splitlines() if line]

tables, seconds = {}, {}
for name, sql in blocks:
    sql = sql.strip().rstrip(";").replace("logs/**/*.zst", files)
    start = time.perf_counter()
    try:
        if sql.startswith(("CREATE", "INSERT")):
            run(sql)
        else:
            tables[name] = rows(sql)
    except Exception as error:
        sys.exit(f"{engine} query {name} failed: {str(error)[:600]}")
    seconds[name] = time.perf_counter() - start
    if name == "ingest" and repeat > 1:
        start = time.perf_counter()
        run("INSERT INTO events SELECT events.* REPLACE (concat(`install.id`, '~', toString(copy.number)) AS "
            f"`install.id`) FROM events CROSS JOIN numbers(1, {repeat - 1}) AS copy")
        seconds["repeat"] = time.perf_counter() - start
output = {"tables": tables, "seconds": seconds}
if engine == "clickhouse-production":
    # What the MergeTree table holds on disk, for the shard estimate in docs/FLEET.md.
    output["storage"] = rows("SELECT sum(bytes_on_disk) AS bytes, sum(rows) AS rows FROM system.parts "
                             "WHERE database = currentDatabase() AND table = 'events' AND active")[0]
print(json.dumps(output))
