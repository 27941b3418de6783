import { describe, expect, it, vi } from 'vitest';
import { whenActivated, type ActivatingWorker } from '../../../../src/lib/sw-register.ts';

class FakeWorker implements ActivatingWorker {
  private listeners: (() => void)[] = [];
  constructor(public state: string) {}
  addEventListener(_type: 'statechange', listener: () => void): void {
    this.listeners.push(listener);
  }
  moveTo(state: string): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

describe('whenActivated', () => {
  it('waits for a worker still activating, then runs once', () => {
    const worker = new FakeWorker('activating');
    const then = vi.fn();
    whenActivated(worker, then);
    expect(then).not.toHaveBeenCalled();
    worker.moveTo('activated');
    worker.moveTo('activated');
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs at once for an activated worker, or when there is none', () => {
    const then = vi.fn();
    whenActivated(new FakeWorker('activated'), then);
    whenActivated(null, then);
    expect(then).toHaveBeenCalledTimes(2);
  });

  it('runs when the worker is replaced before it activates', () => {
    const worker = new FakeWorker('activating');
    const then = vi.fn();
    whenActivated(worker, then);
    worker.moveTo('redundant');
    expect(then).toHaveBeenCalledTimes(1);
  });
});
