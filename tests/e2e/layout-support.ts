import type { Page } from '@playwright/test';

// What the layout test (layout.spec.ts) checks on one screen at one size, measured in the page itself.

export interface Size {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** A phone or a tablet: tap targets must be 44 × 44 px (24 px for a link inside a sentence). */
  readonly touch: boolean;
}

/** The phones, the tablet in both orientations, and a desktop (issue 31). */
export const SIZES: readonly Size[] = [
  { name: 'phone-320', width: 320, height: 640, touch: true },
  { name: 'phone-390', width: 390, height: 844, touch: true },
  { name: 'phone-430', width: 430, height: 932, touch: true },
  { name: 'tablet-768x1024', width: 768, height: 1024, touch: true },
  { name: 'tablet-1024x768', width: 1024, height: 768, touch: true },
  { name: 'desktop-1440', width: 1440, height: 900, touch: false },
];

/** The phones the member's first screen is checked at (issue 42): the smallest, the common Android, the common iPhone. */
export const FIRST_SCREEN_PHONES: readonly Size[] = [
  { name: 'phone-320x640', width: 320, height: 640, touch: true },
  { name: 'phone-360x780', width: 360, height: 780, touch: true },
  { name: 'phone-390x844', width: 390, height: 844, touch: true },
];

/**
 * What the toast shown now lies over (issue 42): codes and the screen's buttons. The header is left out: the
 * toast stands over it on purpose (decision 204), and its brand and navigation are not a screen's action.
 */
export function coveredByToast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toasts = [...document.querySelectorAll('[data-testid="toast"]')].map((toast) => toast.getBoundingClientRect());
    const targets = [
      ...[...document.querySelectorAll('[data-testid="deal-code"]')].map((code) => ({ element: code, box: code.parentElement! })),
      ...[...document.querySelectorAll('button, [role="button"], input[type="submit"]')]
        .filter((button) => !button.closest('header, [data-testid="toast"]'))
        .map((button) => ({ element: button, box: button })),
    ];
    const covered: string[] = [];
    for (const { element, box } of targets) {
      const rect = box.getBoundingClientRect();
      if (rect.width < 2 || rect.height < 2 || !element.checkVisibility({ contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true })) continue;
      for (const toast of toasts) {
        const w = Math.min(rect.right, toast.right) - Math.max(rect.left, toast.left);
        const h = Math.min(rect.bottom, toast.bottom) - Math.max(rect.top, toast.top);
        if (w > 0.5 && h > 0.5) {
          const label = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
          covered.push(`<${element.tagName.toLowerCase()}> "${label}" (${Math.round(w)}×${Math.round(h)} px under the toast)`);
        }
      }
    }
    return covered;
  });
}

export interface LayoutProblem {
  readonly kind: 'overflow' | 'clipped' | 'overlap' | 'tap-target';
  readonly what: string;
  readonly detail: string;
}

/**
 * Measures the screen as it is now: sideways scroll, text clipped by its box, interactive elements on top of one
 * another, and (touch layouts) tap targets under 44 × 44 px, 24 px for a link inside running text (WCAG 2.2
 * 2.5.8). Runs in the page; returns what it found (empty when the screen is fine).
 */
export function measureLayout(page: Page, touch: boolean): Promise<LayoutProblem[]> {
  return page.evaluate((touchLayout) => {
    const problems: { kind: 'overflow' | 'clipped' | 'overlap' | 'tap-target'; what: string; detail: string }[] = [];
    const describe = (element: Element) => {
      const label = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const id = element.id ? `#${element.id}` : '';
      return `<${element.tagName.toLowerCase()}${id}> "${label}"`;
    };
    const shown = (element: Element) => {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false;
      const rect = element.getBoundingClientRect();
      if (rect.width < 2 || rect.height < 2) return false; // visually hidden (sr-only) or collapsed
      // content-visibility: auto skips the rendering of cards far off screen: nothing there is shown.
      return element.checkVisibility({ contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true });
    };
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      // Name the widest culprits: elements whose right edge passes the viewport.
      // Not counting what a sideways-scrolling box (a table's) clips inside itself.
      const clippedByAncestor = (element: Element) => {
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX !== 'visible' && parent.getBoundingClientRect().right <= root.clientWidth + 0.5) return true;
        }
        return false;
      };
      const wide = [...document.body.querySelectorAll('*')]
        .filter((element) => shown(element) && element.getBoundingClientRect().right > root.clientWidth + 0.5 && !clippedByAncestor(element))
        .slice(-3).map(describe).join(', ');
      problems.push({ kind: 'overflow', what: 'page', detail: `scrollWidth ${root.scrollWidth} > ${root.clientWidth}: ${wide}` });
    }

    // Text cut off by a box that hides its overflow (an ellipsis is a deliberate, visible truncation).
    for (const element of document.body.querySelectorAll('*')) {
      if (!shown(element)) continue;
      const style = getComputedStyle(element);
      const hides = ['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflowY);
      if (!hides || style.textOverflow === 'ellipsis') continue;
      const hasText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
      if (!hasText) continue;
      if (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 2) {
        problems.push({ kind: 'clipped', what: describe(element), detail: `content ${element.scrollWidth}×${element.scrollHeight} in ${element.clientWidth}×${element.clientHeight}` });
      }
    }
    // Codes: the whole code inside its box, on one line.
    for (const code of document.querySelectorAll('[data-testid="deal-code"]')) {
      if (!shown(code)) continue;
      const range = document.createRange();
      range.selectNodeContents(code);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      const text = range.getBoundingClientRect();
      const box = code.parentElement!.getBoundingClientRect();
      if (lines.size > 1) problems.push({ kind: 'clipped', what: describe(code), detail: 'the code wraps onto two lines' });
      if (text.left < box.left - 0.5 || text.right > box.right + 0.5) {
        problems.push({ kind: 'clipped', what: describe(code), detail: `code ${Math.round(text.left)}–${Math.round(text.right)} outside its box ${Math.round(box.left)}–${Math.round(box.right)}` });
      }
    }

    const interactive = [...document.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="link"]',
    )].filter(shown);
    // The area a pointer can use: a checkbox or radio inside a label is the label.
    const target = (element: Element) => {
      if (element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type)) {
        return element.closest('label') ?? element;
      }
      return element;
    };
    const rects = interactive.map((element) => ({ element, rect: target(element).getBoundingClientRect() }));
    const inViewport = (rect: DOMRect) => rect.bottom > 0 && rect.top < window.innerHeight && rect.right > 0 && rect.left < root.clientWidth;
    for (let i = 0; i < rects.length; i++) {
      for (let j = i + 1; j < rects.length; j++) {
        const a = rects[i]!;
        const b = rects[j]!;
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        if (target(a.element) === target(b.element) || target(a.element).contains(b.element) || target(b.element).contains(a.element)) continue;
        const w = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const h = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (w > 1 && h > 1 && inViewport(a.rect) && inViewport(b.rect)) {
          problems.push({ kind: 'overlap', what: `${describe(a.element)} and ${describe(b.element)}`, detail: `${Math.round(w)}×${Math.round(h)} px in common` });
        }
      }
    }
    if (touchLayout) {
      for (const { element, rect } of rects) {
        // A link inside running text (WCAG 2.2 2.5.8's inline exception): 24 px.
        const inline = element.tagName === 'A' && ['inline', 'inline-block'].includes(getComputedStyle(element).display) &&
          [...(element.parentElement?.childNodes ?? [])].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
        const min = inline ? 24 : 44;
        const need = inline ? rect.height < min - 0.5 : rect.width < min - 0.5 || rect.height < min - 0.5;
        if (need) problems.push({ kind: 'tap-target', what: describe(element), detail: `${Math.round(rect.width)}×${Math.round(rect.height)} px, under ${min}` });
      }
    }
    return problems;
  }, touch);
}
