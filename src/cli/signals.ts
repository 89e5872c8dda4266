const GRACE_MS = 1500;

export interface SignalWatch {
  signal: AbortSignal;
  dispose(): void;
}

/**
 * SIGINT/SIGTERM abort the running use case (which stops at its next check and reports
 * INTERRUPTED, exit 130). If it does not stop within a grace period, or a second signal
 * arrives, `onForce` runs: it prints the INTERRUPTED result and exits.
 */
export function watchSignals(onForce: () => void = () => process.exit(130)): SignalWatch {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const handler = () => {
    if (controller.signal.aborted) {
      onForce();
      return;
    }
    controller.abort();
    timer = setTimeout(onForce, GRACE_MS);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return {
    signal: controller.signal,
    dispose() {
      if (timer) clearTimeout(timer);
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}
