import { describe, expect, it, vi } from 'vitest';
import {
  applyUpdate,
  type ContainerLike,
  type RegistrationLike,
  type WorkerLike,
  watchForUpdate,
} from './updateWatch.ts';

/** A worker whose state the test moves, as the browser would. */
const fakeWorker = (state = 'installing') => {
  const listeners: (() => void)[] = [];
  const worker = {
    state,
    posted: [] as unknown[],
    postMessage: (message: unknown) => worker.posted.push(message),
    addEventListener: (_type: 'statechange', listener: () => void) => listeners.push(listener),
    become(next: string) {
      worker.state = next;
      for (const listener of listeners) listener();
    },
  };
  return worker;
};

const fakeRegistration = (waiting: WorkerLike | null = null) => {
  const listeners: (() => void)[] = [];
  const registration = {
    waiting,
    installing: null as WorkerLike | null,
    addEventListener: (_type: 'updatefound', listener: () => void) => listeners.push(listener),
    found(worker: WorkerLike) {
      registration.installing = worker;
      for (const listener of listeners) listener();
    },
  };
  return registration satisfies RegistrationLike;
};

const container = (controller: unknown): ContainerLike & { changed: () => void } => {
  let listener = () => {};
  return {
    controller,
    addEventListener: (_type, next) => {
      listener = next;
    },
    changed: () => listener(),
  };
};

describe('a new build is announced, not forced (issue 46.3)', () => {
  it('announces a worker that finished installing while an older one runs the page', () => {
    const registration = fakeRegistration();
    const announce = vi.fn();
    watchForUpdate(registration, container({}), announce);
    const next = fakeWorker();
    registration.found(next);
    expect(announce).not.toHaveBeenCalled();
    next.become('installed');
    expect(announce).toHaveBeenCalledWith(next);
    // Nothing was told to take over: the reader decides.
    expect(next.posted).toEqual([]);
  });

  it('announces at once a worker already waiting from an earlier visit', () => {
    const waiting = fakeWorker('installed');
    const announce = vi.fn();
    watchForUpdate(fakeRegistration(waiting), container({}), announce);
    expect(announce).toHaveBeenCalledWith(waiting);
  });

  it('never announces the first worker of all (nothing runs the page yet)', () => {
    const registration = fakeRegistration();
    const announce = vi.fn();
    watchForUpdate(registration, container(null), announce);
    const first = fakeWorker();
    registration.found(first);
    first.become('installed');
    expect(announce).not.toHaveBeenCalled();
  });

  it('刷新 tells the waiting worker to take over, and reloads only once it has', () => {
    const waiting = fakeWorker('installed');
    const page = container({});
    const reload = vi.fn();
    applyUpdate(waiting, page, reload);
    expect(waiting.posted).toEqual([{ type: 'skip-waiting' }]);
    expect(reload).not.toHaveBeenCalled();
    page.changed();
    expect(reload).toHaveBeenCalledOnce();
  });
});
