import type { ReactNode } from 'react';

/** docs/spec.md section 9: at most one toast visible, 5 s by default, swipe right past 50 px to dismiss, F8 to focus. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

type ToastVariant = 'default' | 'destructive';

interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; Infinity keeps it until dismissed. */
  duration?: number;
  action?: ToastAction;
}

export interface ToastRecord extends ToastOptions {
  id: string;
}

export type ToastEvent =
  | { type: 'add'; toast: ToastRecord }
  | { type: 'update'; id: string; patch: Partial<ToastOptions> }
  | { type: 'dismiss'; id?: string };

/** Pure state transition: newest first, trimmed to TOAST_LIMIT; dismiss without id clears all. */
export function toastReducer(state: readonly ToastRecord[], event: ToastEvent): ToastRecord[] {
  switch (event.type) {
    case 'add':
      return [event.toast, ...state].slice(0, TOAST_LIMIT);
    case 'update':
      return state.map((t) => (t.id === event.id ? { ...t, ...event.patch } : t));
    case 'dismiss':
      return event.id === undefined ? [] : state.filter((t) => t.id !== event.id);
  }
}

// A tiny module-level store: toast() can be called from anywhere (mutation callbacks, plain functions).
let toasts: ToastRecord[] = [];
const listeners = new Set<() => void>();
let counter = 0;

function dispatch(event: ToastEvent) {
  toasts = toastReducer(toasts, event);
  listeners.forEach((listener) => listener());
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastRecord[] {
  return toasts;
}

export function dismissToast(id?: string) {
  dispatch({ type: 'dismiss', id });
}

/** Shows a toast and returns handles to change or close it. */
export function toast(options: ToastOptions) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  dispatch({ type: 'add', toast: { duration: TOAST_DURATION_MS, variant: 'default', ...options, id } });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (patch: Partial<ToastOptions>) => dispatch({ type: 'update', id, patch }),
  };
}
