// Draws the server's real imports between folders, grouped by layer, into docs/architecture.md
// (a Mermaid flowchart between two marker comments), from dependency-cruiser's own reading of
// src/ with the layers of .dependency-cruiser.js. `--check` only says whether the picture is current.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';

interface Layer {
  name: string;
  folders?: string[];
  files?: string[];
}

interface CruiseResult {
  modules: Array<{ source: string; dependencies: Array<{ resolved: string }> }>;
}

interface Part {
  id: string;
  layer: string;
  folder: string;
  files: number;
}

const documentPath = 'docs/architecture.md';
const start = '<!-- layers-picture:start (npm run docs:architecture) -->';
const end = '<!-- layers-picture:end -->';

const config = (await import(new URL('../.dependency-cruiser.js', import.meta.url).href)) as {
  layers: Layer[];
  layerPath(layer: Layer): string;
};
const ground = config.layers[0]!;
const layerPaths = config.layers.map((layer) => ({
  name: layer.name,
  path: new RegExp(config.layerPath(layer)),
}));

function layerOf(source: string): string {
  const matches = layerPaths.filter((layer) => layer.path.test(source));
  if (matches.length !== 1) {
    throw new Error(`${source} is in ${matches.length} layers; .dependency-cruiser.js must place it in one`);
  }
  return matches[0]!.name;
}

const routeFile = /\/(routes|[^/]+\.routes)\.ts$/;

/**
 * A folder's files of one layer are one node; a file directly under src/ is its own; the route
 * files of every folder are one node (they all stand on the route tree).
 */
function partOf(source: string, parts: Map<string, Part>): Part {
  const layer = layerOf(source);
  const [, first, rest] = /^src\/([^/]+)(\/.*)?$/.exec(source)!;
  const folder = routeFile.test(source) ? 'routes' : rest ? `${first}/` : first!;
  const id = `${layer}_${folder.replace(/[^a-z0-9]+/gi, '_')}`;
  const part = parts.get(id) ?? { id, layer, folder, files: 0 };
  parts.set(id, part);
  return part;
}

function cruise(): CruiseResult {
  const json = execFileSync('node_modules/.bin/depcruise', ['src', '--output-type', 'json'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return JSON.parse(json) as CruiseResult;
}

function picture({ modules }: CruiseResult): string {
  const parts = new Map<string, Part>();
  const edges = new Set<string>();
  const sources = modules.filter(
    (module) => module.source.startsWith('src/') && !module.source.endsWith('.d.ts'),
  );
  for (const module of sources) partOf(module.source, parts).files += 1;
  for (const module of sources) {
    const from = partOf(module.source, parts).id;
    for (const { resolved } of module.dependencies) {
      if (!resolved.startsWith('src/') || resolved.endsWith('.d.ts')) continue;
      const to = partOf(resolved, parts);
      // Every layer stands on the ground: arrows into it would only hide the others.
      if (to.id !== from && to.layer !== ground.name) edges.add(`  ${from} --> ${to.id}`);
    }
  }
  const members = (layer: Layer) =>
    [...parts.values()]
      .filter((part) => part.layer === layer.name)
      .sort((a, b) => a.folder.localeCompare(b.folder));
  const label = labeller([...parts.values()]);
  const lines = ['```mermaid', 'flowchart TB'];
  for (const layer of config.layers.slice(1).reverse()) {
    lines.push(
      `  subgraph ${layer.name}`,
      ...members(layer).map((part) => `    ${part.id}["${label(part)}"]`),
      '  end',
    );
  }
  // The ground is one box; invisible links stack the layers in their order, the ground at the bottom.
  lines.push(`  ${ground.name}["<b>${ground.name}</b><br/>${members(ground).map(label).join('<br/>')}"]`);
  const firstOf = (layer: Layer) => (layer === ground ? ground.name : members(layer)[0]!.id);
  for (const [index, layer] of config.layers.slice(1).entries()) {
    lines.push(`  ${firstOf(layer)} ~~~ ${firstOf(config.layers[index]!)}`);
  }
  lines.push(...[...edges].sort(), '```');
  return lines.join('\n');
}

/** A folder split between layers says, in each, how many of its files (route files apart) stand there. */
function labeller(parts: Part[]): (part: Part) => string {
  const folderFiles = new Map<string, number[]>();
  for (const { folder, files } of parts) folderFiles.set(folder, [...(folderFiles.get(folder) ?? []), files]);
  return ({ folder, files }) => {
    if (folder === 'routes') return `*.routes.ts, ${files} files`;
    const counts = folderFiles.get(folder)!;
    return counts.length === 1
      ? folder
      : `${folder} ${files} of ${counts.reduce((sum, count) => sum + count)} files`;
  };
}

const document = await readFile(documentPath, 'utf8');
const from = document.indexOf(start);
const to = document.indexOf(end);
if (from < 0 || to < from) throw new Error(`${documentPath} lacks the markers ${start} … ${end}`);
const updated = `${document.slice(0, from + start.length)}\n\n${picture(cruise())}\n\n${document.slice(to)}`;

if (process.argv.includes('--check')) {
  if (updated !== document) {
    console.error(
      `${documentPath}: the layers picture differs from the imports; run npm run docs:architecture`,
    );
    process.exitCode = 1;
  }
} else if (updated !== document) {
  await writeFile(documentPath, updated);
  console.log(`${documentPath}: layers picture redrawn`);
}
