/**
 * A new build's worker, announced rather than forced (issue 46.3): the browser installs it beside
 * the one running this page and keeps it waiting; the reader is told, and only their 刷新 swaps it
 * in and reloads. Written against the few members it uses, so it is unit-tested with fakes.
 */
export interface WorkerLike {
  readonly state: string;
  postMessage(message: unknown): void;
  addEventListener(type: 'statechange', listener: () => void): void;
}

export interface RegistrationLike {
  readonly waiting: WorkerLike | null;
  readonly installing: WorkerLike | null;
  addEventListener(type: 'updatefound', listener: () => void): void;
}

export interface ContainerLike {
  /** The worker running this page; null on the visit that installs the first one. */
  readonly controller: unknown;
  addEventListener(type: 'controllerchange', listener: () => void, options: { once: true }): void;
}

/**
 * Calls `announce` with the new worker once one is installed and waiting while an older one runs
 * the page — at once when one already waits (installed on an earlier visit). The first worker of
 * all has nothing to replace and is never announced.
 */
export const watchForUpdate = (
  registration: RegistrationLike,
  container: ContainerLike,
  announce: (waiting: WorkerLike) => void,
): void => {
  if (registration.waiting && container.controller) announce(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const next = registration.installing;
    next?.addEventListener('statechange', () => {
      if (next.state === 'installed' && container.controller) announce(next);
    });
  });
};

/** The reader's 刷新: the waiting worker takes over, and the page reloads once it has. */
export const applyUpdate = (waiting: WorkerLike, container: ContainerLike, reload: () => void): void => {
  container.addEventListener('controllerchange', reload, { once: true });
  waiting.postMessage({ type: 'skip-waiting' });
};
