import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectivityStore, noteAnswer, noteUnreachable } from '../../lib/connectivity';
import { AppStatus, OFFLINE_TEXT, UPDATE_TEXT } from './AppStatus';
import { updateStore, watchRegistration } from './serviceWorker';
import { OUTBOX_TEXTS } from '../offline/outbox';
import { outboxStore } from '../offline/offlineWrites';

type Listener = () => void;

/** A worker and its registration as the browser shows them, driven by hand. */
function fakeWorker(state: ServiceWorkerState) {
  const listeners: Listener[] = [];
  const worker = {
    state,
    postMessage: vi.fn(),
    addEventListener: (_: string, listener: Listener) => listeners.push(listener),
    become(next: ServiceWorkerState) {
      worker.state = next;
      listeners.forEach((listener) => listener());
    },
  };
  return worker;
}

function fakeRegistration(parts: { waiting?: unknown; installing?: unknown } = {}) {
  const listeners: Listener[] = [];
  const registration: { waiting: unknown; installing: unknown; addEventListener: (type: string, listener: Listener) => void; found: (worker: unknown) => void } = {
    waiting: parts.waiting ?? null,
    installing: parts.installing ?? null,
    addEventListener: (_: string, listener: Listener) => listeners.push(listener),
    found(worker: unknown) {
      registration.installing = worker;
      listeners.forEach((listener) => listener());
    },
  };
  return registration;
}

const watch = (registration: unknown, controlled: boolean) =>
  watchRegistration(registration as ServiceWorkerRegistration, { controller: controlled ? ({} as ServiceWorker) : null });

describe('AppStatus: offline and new version', () => {
  afterEach(() => {
    updateStore.setState({ waiting: null });
    connectivityStore.setState({ reachable: true });
  });

  it('says nothing while online and up to date', () => {
    render(<AppStatus />);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says it is offline when the server cannot be reached or answers come from the device, and stops when it answers again', () => {
    render(<AppStatus />);
    act(() => noteUnreachable());
    expect(screen.getByText(OFFLINE_TEXT)).toBeTruthy();
    act(() => noteAnswer(new Response('{}')));
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull();
    act(() => noteAnswer(new Response('{}', { headers: { 'x-vgl-saved': '1' } })));
    expect(screen.getByText(OFFLINE_TEXT)).toBeTruthy();
    act(() => noteAnswer(new Response('{}')));
  });

  it('offers a new build found while the page runs, and Reload tells that worker to take over', () => {
    const registration = fakeRegistration();
    render(<AppStatus />);
    watch(registration, true);
    const worker = fakeWorker('installing');
    act(() => registration.found(worker));
    expect(screen.queryByText(UPDATE_TEXT)).toBeNull();
    act(() => worker.become('installed'));
    expect(screen.getByText(UPDATE_TEXT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it('offers a build that was already waiting, or still installing, when the page opened', () => {
    render(<AppStatus />);
    act(() => watch(fakeRegistration({ waiting: fakeWorker('installed') }), true));
    expect(screen.getByText(UPDATE_TEXT)).toBeTruthy();

    act(() => updateStore.setState({ waiting: null }));
    const installing = fakeWorker('installing');
    act(() => watch(fakeRegistration({ installing }), true));
    act(() => installing.become('installed'));
    expect(screen.getByText(UPDATE_TEXT)).toBeTruthy();
  });

  it('offers nothing on the first install (no older version runs the page)', () => {
    const registration = fakeRegistration();
    render(<AppStatus />);
    watch(registration, false);
    const worker = fakeWorker('installing');
    act(() => registration.found(worker));
    act(() => worker.become('installed'));
    expect(screen.queryByText(UPDATE_TEXT)).toBeNull();
  });

  it('counts the changes made offline in the offline notice, and says what was sent and what the server refused', () => {
    render(<AppStatus />);
    act(() => {
      noteUnreachable();
      outboxStore.setState({ pending: 2 });
    });
    expect(screen.getByText(OUTBOX_TEXTS.pending(2))).toBeTruthy();
    act(() => {
      noteAnswer(new Response('{}'));
      outboxStore.setState({ pending: 0, report: { sent: 2, refused: [{ label: 'Rating of Celeste', message: 'No game by that name.' }] } });
    });
    expect(screen.getByText('2 changes made offline were sent.')).toBeTruthy();
    expect(screen.getByText('Not saved: Rating of Celeste — No game by that name.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
