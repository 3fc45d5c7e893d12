import { describe, expect, it } from 'vitest';
import { isSwipeDismiss } from './toast-item';
import { dismissToast, getToasts, toast, toastReducer, TOAST_DURATION_MS, TOAST_LIMIT, type ToastRecord } from './toast-store';

const record = (id: string): ToastRecord => ({ id, title: id });

describe('toastReducer', () => {
  it('shows at most one toast, newest first', () => {
    expect(TOAST_LIMIT).toBe(1);
    const state = toastReducer(toastReducer([], { type: 'add', toast: record('a') }), { type: 'add', toast: record('b') });
    expect(state.map((t) => t.id)).toEqual(['b']);
  });

  it('updates and dismisses by id, or dismisses all', () => {
    const state = [record('a')];
    expect(toastReducer(state, { type: 'update', id: 'a', patch: { title: 'changed' } })[0].title).toBe('changed');
    expect(toastReducer(state, { type: 'dismiss', id: 'other' })).toHaveLength(1);
    expect(toastReducer(state, { type: 'dismiss', id: 'a' })).toHaveLength(0);
    expect(toastReducer(state, { type: 'dismiss' })).toHaveLength(0);
  });
});

describe('toast()', () => {
  it('defaults to 5000 ms and the default variant, and can be dismissed', () => {
    const handle = toast({ title: 'Logged out' });
    expect(getToasts()).toEqual([{ id: handle.id, title: 'Logged out', duration: TOAST_DURATION_MS, variant: 'default' }]);
    expect(TOAST_DURATION_MS).toBe(5000);
    handle.dismiss();
    expect(getToasts()).toEqual([]);
    toast({ title: 'x' });
    dismissToast();
    expect(getToasts()).toEqual([]);
  });
});

describe('swipe to dismiss', () => {
  it('needs a rightward drag of at least 50 px', () => {
    expect(isSwipeDismiss(49)).toBe(false);
    expect(isSwipeDismiss(50)).toBe(true);
    expect(isSwipeDismiss(-120)).toBe(false);
  });
});
