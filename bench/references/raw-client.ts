// The reference for webhook delivery: one Node process POSTing the same bodies to the same
// receiver with undici's keep-alive pool, as fast as the pool allows. Run by runRawClient().
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';

export interface RawRequest {
  path: string;
  id: string;
  body: string;
}

async function main(file: string, origin: string, connections: number): Promise<void> {
  const requests = JSON.parse(readFileSync(file, 'utf8')) as RawRequest[];
  const pool = new Pool(origin, { connections, pipelining: 1 });
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < requests.length) {
        const { path, id, body } = requests[next++]!;
        const response = await pool.request({
          method: 'POST',
          path,
          headers: { 'content-type': 'application/json', 'webhook-id': id },
          body,
        });
        await response.body.dump();
        if (response.statusCode >= 300) throw new Error(`receiver answered ${response.statusCode}`);
      }
    }),
  );
  await pool.close();
}

/** POSTs every request in `file` (JSON RawRequest[]) to `origin` over `connections` connections. */
export async function runRawClient(file: string, origin: string, connections: number): Promise<void> {
  const { spawnTracked } = await import('../processes.js');
  const child = spawnTracked(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), 'send', file, origin, String(connections)],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the raw client exited with ${String(code)}`);
}

if (process.argv[2] === 'send') await main(process.argv[3]!, process.argv[4]!, Number(process.argv[5]));
