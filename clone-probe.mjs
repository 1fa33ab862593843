import { PGlite } from '@electric-sql/pglite';
let t = performance.now();
const a = new PGlite('memory://', { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] });
await a.waitReady;
console.log('create', (performance.now() - t) | 0);
await a.exec('create table x (id int); insert into x values (1)');
const dump = await a.dumpDataDir('none');
for (let i = 0; i < 3; i++) {
  t = performance.now();
  const b = new PGlite('memory://', { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'], loadDataDir: dump });
  await b.waitReady;
  console.log('from dump', (performance.now() - t) | 0);
  t = performance.now();
  const c = await a.clone();
  const r = await c.query('select * from x');
  console.log('clone', (performance.now() - t) | 0, r.rows);
  await c.exec('insert into x values (2)');
  console.log('orig', (await a.query('select count(*) from x')).rows);
}
