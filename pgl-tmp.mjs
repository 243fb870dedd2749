import { PGlite } from '@electric-sql/pglite';
import fs from 'node:fs'; import os from 'node:os';
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const file = fs.readdirSync(os.tmpdir()).find((f) => f.startsWith('sukoyaka-pglite-') && f.endsWith('.tar'));
const blob = new Blob([fs.readFileSync(os.tmpdir() + '/' + file)]);
const dist = 'node_modules/@electric-sql/pglite/dist/';
let t = cpu();
const lap = (l) => { const n = cpu(); console.log(l, (n - t).toFixed(0), 'ms cpu'); t = n; };
for (let i = 0; i < 2; i++) { const db = await PGlite.create({ loadDataDir: blob }); await db.query('select 1'); lap('plain create+load'); await db.close(); }
const pgliteWasmModule = await WebAssembly.compile(fs.readFileSync(dist + 'pglite.wasm'));
const initdbWasmModule = await WebAssembly.compile(fs.readFileSync(dist + 'initdb.wasm'));
const fsBundle = new Blob([fs.readFileSync(dist + 'pglite.data')]);
lap('compile once');
for (let i = 0; i < 3; i++) { const db = await PGlite.create({ loadDataDir: blob, pgliteWasmModule, initdbWasmModule, fsBundle }); await db.query('select 1'); lap('precompiled create+load'); await db.close(); }
for (let i = 0; i < 2; i++) { const db = await PGlite.create({ loadDataDir: blob, pgliteWasmModule, initdbWasmModule, fsBundle, noInitDb: true }); await db.query('select 1'); lap('precompiled noInitDb'); await db.close(); }
