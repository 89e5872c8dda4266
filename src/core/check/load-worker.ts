import { parentPort, workerData } from 'node:worker_threads';
import type { RepoConfig } from '../config/types.js';
import { compileSchemaFile, type CompiledSchema } from '../schema/compile.js';
import { FsProbe } from './probe.js';
import { unpackRead, type Packed } from '../documents/read-bytes.js';
import { prepareRaw, type PrepareContext, type Prepared, type PrepareSettings } from './prepare.js';

/** What a worker is started with (structured-cloned). */
export interface WorkerInit {
  config: RepoConfig;
  settings: Omit<PrepareSettings, 'only'> & { only?: string[] };
  /** Every governed path (they exist with exactly this case: see FsProbe). */
  governed: string[];
  watched: string[] | null;
}

/**
 * A file of a chunk: `ns` indexes config.namespaces and `expected` is a cached digest. Its
 * bytes, as the main thread read them, are in the task's Packed (same order).
 */
export interface ChunkFile {
  i: number;
  rel: string;
  ns: number;
  expected: string | undefined;
}

export interface WorkerTask {
  id: number;
  files: ChunkFile[];
  /** Its buffers are transferred, not copied. */
  packed: Packed;
}

export interface WorkerReply {
  id: number;
  docs: { i: number; prepared: Prepared }[];
}

/**
 * A worker thread of the check pipeline (see parallel.ts): it prepares the documents it is
 * given exactly as the main thread would (same code, same settings) and sends back compact
 * models, without their namespace objects (the main thread puts its own back).
 */
async function main(): Promise<void> {
  const init = workerData as WorkerInit;
  const config = init.config;
  const schemas = new Map<string, CompiledSchema | undefined>();
  for (const p of new Set(config.namespaces.map((ns) => ns.schema_path))) {
    const compiled = await compileSchemaFile(config.root, p);
    schemas.set(p, compiled.ok ? compiled : undefined);
  }
  const settings: PrepareSettings = { ...init.settings, ...(init.settings.only ? { only: new Set(init.settings.only) } : {}) } as PrepareSettings;
  const ctx: PrepareContext = {
    config,
    schemaFor: (p) => schemas.get(p),
    probe: new FsProbe(config.root, init.governed),
    watched: init.watched ? new Set(init.watched) : null,
    settings,
  };
  parentPort!.on('message', (task: WorkerTask) => {
    const bytes = Buffer.from(task.packed.buffer);
    const docs = task.files.map((f, k) => {
      const prepared = prepareRaw({ rel: f.rel, namespace: config.namespaces[f.ns]! }, unpackRead(task.packed, k, bytes), ctx, f.expected);
      // The namespace goes back as the main thread's object, not as a copy per document.
      if (prepared.known) (prepared.known as { namespace?: unknown }).namespace = undefined;
      else {
        (prepared.doc as { namespace?: unknown }).namespace = undefined;
        (prepared.doc.record as { namespace?: unknown }).namespace = undefined;
      }
      return { i: f.i, prepared };
    });
    const reply: WorkerReply = { id: task.id, docs };
    parentPort!.postMessage(reply);
  });
}

void main();
