import type { Worker } from 'node:worker_threads';
import type { RepoConfig } from '../config/types.js';
import { absolutePath } from '../documents/read.js';
import { packReads } from '../documents/read-bytes.js';
import type { GovernedFile } from '../documents/walk.js';
import { packagePath } from '../package-root.js';
import type { ChunkFile, WorkerInit, WorkerReply, WorkerTask } from './load-worker.js';
import type { Preparation } from './preparation.js';
import type { PrepareContext, Prepared } from './prepare.js';
import { CompactDocument, pendingLinksOf } from './compact.js';
import type { FsProbe } from './probe.js';
import { YIELD_EVERY } from './prepare-inline.js';
import { turn } from '../interrupt.js';

const CHUNK = 256;

/** A worker thread and the chunks it holds. */
interface Helper {
  worker: Worker;
  chunks: Map<number, readonly number[]>;
  failed: boolean;
}

/**
 * With worker threads (as many as `workersFor` the documents to read): cached documents first (a stat each), then the rest in
 * chunks of CHUNK documents. The main thread reads each chunk a worker gets and passes its
 * bytes without copying (a transferred buffer); between chunks it prepares chunks itself.
 * A worker that fails hands its chunks back to the main thread: never a partial result.
 */
export async function prepareInChunks(config: RepoConfig, prep: Preparation, workersFor: (pending: number) => number, signal: AbortSignal | undefined, interrupted: () => void): Promise<void> {
  const { files, total, run } = prep;
  const todo: number[] = [];
  for (let i = 0; i < total; i++) {
    if (prep.classify(i)) todo.push(i);
    prep.flush();
  }
  const chunks: number[][] = [];
  for (let k = 0; k < todo.length; k += CHUNK) chunks.push(todo.slice(k, k + CHUNK));
  let nextChunk = 0;

  const helpers = await startWorkers(workersFor(todo.length), config, prep.ctx);
  run.workers = helpers.length;
  run.chunks = chunks.length;
  run.chunksInWorkers = 0;
  let wake: (() => void) | undefined;
  const dispatch = (h: Helper) => {
    while (!h.failed && h.chunks.size < 2 && nextChunk < chunks.length) {
      const id = nextChunk++;
      const chunk = chunks[id]!;
      h.chunks.set(id, chunk);
      const task = packChunk(config, files, chunk, prep.expected);
      task.id = id;
      h.worker.postMessage(task, [task.packed.buffer, task.packed.meta.buffer as ArrayBuffer]);
    }
  };
  const fail = (h: Helper) => {
    h.failed = true;
    void h.worker.terminate();
    wake?.();
  };
  for (const h of helpers) {
    h.worker.on('message', (reply: WorkerReply) => {
      if (h.failed || !h.chunks.delete(reply.id)) return;
      for (const item of reply.docs) prep.store(item.i, revive(item.prepared, files.at(item.i)!, prep.ctx.probe));
      run.chunksInWorkers++;
      dispatch(h);
      wake?.();
    });
    h.worker.on('error', () => fail(h));
    h.worker.on('exit', () => {
      if (!h.failed && h.chunks.size > 0) fail(h);
    });
    dispatch(h);
  }

  signal?.addEventListener('abort', () => wake?.(), { once: true });
  try {
    while (prep.accepted < total) {
      interrupted();
      for (const h of helpers) dispatch(h);
      if (nextChunk < chunks.length) {
        const chunk = chunks[nextChunk++]!;
        for (let k = 0; k < chunk.length; k += YIELD_EVERY) {
          prep.runLocally(chunk.slice(k, k + YIELD_EVERY));
          prep.flush();
          await turn(); // signals and worker replies
          interrupted();
        }
        continue;
      }
      // Every chunk is started: take back those of failed workers, else wait for replies.
      for (const h of helpers) {
        if (!h.failed) continue;
        for (const chunk of h.chunks.values()) prep.runLocally(chunk);
        h.chunks.clear();
      }
      prep.flush();
      if (prep.accepted === total) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
  } finally {
    for (const h of helpers) h.failed = true;
    await Promise.all(helpers.map((h) => h.worker.terminate().catch(() => 0)));
  }
}

/** Reads a chunk's files into buffers that can be transferred to a worker. */
function packChunk(config: RepoConfig, files: readonly GovernedFile[], chunk: readonly number[], expected: (i: number) => string | undefined): WorkerTask {
  const list = chunk.map((i) => files.at(i)!);
  const packed = packReads(list.map((f) => absolutePath(config.root, f.rel)));
  const refs: ChunkFile[] = chunk.map((i, k) => ({ i, rel: list[k]!.rel, ns: config.namespaces.indexOf(list[k]!.namespace), expected: expected(i) }));
  return { id: 0, files: refs, packed };
}

/**
 * A prepared document from a worker (always a compact model), with the main thread's namespace
 * object and strings (the copies a message brings would otherwise be kept until the last document).
 */
function revive(prepared: Prepared, file: GovernedFile, probe: FsProbe): Prepared {
  if (prepared.known) {
    prepared.known.namespace = file.namespace;
    return prepared;
  }
  const doc = CompactDocument.revive(prepared.doc as CompactDocument);
  doc.adopt(file.rel, file.namespace, probe);
  if (doc.pendingLinks) doc.pendingLinks = pendingLinksOf(doc.pendingLinks, probe);
  prepared.doc = doc;
  return prepared;
}

async function startWorkers(count: number, config: RepoConfig, ctx: PrepareContext): Promise<Helper[]> {
  if (count === 0) return [];
  const { Worker } = await import('node:worker_threads');
  const { only, ...settings } = ctx.settings;
  const init: WorkerInit = {
    config,
    settings: { ...settings, ...(only ? { only: [...only] } : {}) },
    governed: ctx.probe.governedPaths(),
    watched: ctx.watched ? [...ctx.watched] : null,
  };
  const helpers: Helper[] = [];
  for (let k = 0; k < count; k++) {
    try {
      // Not relative to this module: bundled, it lives in dist/chunks/ (scripts/bundle.js).
      const worker = new Worker(packagePath('dist/core/check/load-worker.js'), { workerData: init });
      helpers.push({ worker, chunks: new Map(), failed: false });
    } catch {
      break; // no worker threads here: the main thread does everything
    }
  }
  return helpers;
}
