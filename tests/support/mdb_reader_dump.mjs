// Prints, as one JSON object, every table of each Access file given: its columns (name, type,
// size) and its rows, read by the npm package mdb-reader (no code shared with xlbridge or with
// mdbtools). Run by tests/test_bridgemate.py:
//   node tests/mdb_reader_dump.mjs PATH/TO/node_modules/mdb-reader FILE.bws [FILE.bws ...]
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pkg, ...files] = process.argv.slice(2);
const { default: MDBReader } = await import(pathToFileURL(`${pkg}/lib/node/index.js`).href);
const out = {};
for (const file of files) {
  const reader = new MDBReader(readFileSync(file));
  const tables = {};
  for (const name of reader.getTableNames()) {
    const table = reader.getTable(name);
    const columns = table.getColumns().map((c) => ({ name: c.name, type: c.type, size: c.size }));
    const rows = table.getData().map((row) => {
      const plain = {};
      for (const [k, v] of Object.entries(row)) {
        plain[k] = v instanceof Date ? v.toISOString() : v;
      }
      return plain;
    });
    tables[name] = { columns, rows };
  }
  out[file] = tables;
}
process.stdout.write(JSON.stringify(out));
