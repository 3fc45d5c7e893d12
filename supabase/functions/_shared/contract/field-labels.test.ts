import { describe, expect, it } from 'vitest';
import { offerRulesInput } from '../offer-rules.ts';
import { FIELD_LABELS, fieldLabel, fieldMessage } from './field-labels.ts';
import * as contract from './index.ts';

type Def = { type: string; shape?: Record<string, unknown>; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod?: { def?: Def } } | null)?._zod?.def;

/** Every object key in a zod schema, through wrappers (optional, pipe, array, union, record, lazy...). */
function collectFields(schema: unknown, into: Set<string>, seen: Set<unknown>): void {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return;
  seen.add(schema);
  if (def.type === 'object' && def.shape) {
    for (const [name, field] of Object.entries(def.shape)) {
      into.add(name);
      collectFields(field, into, seen);
    }
  }
  for (const key of ['innerType', 'in', 'out', 'element', 'keyType', 'valueType', 'left', 'right', 'schema']) {
    if (def[key] && typeof def[key] === 'object') collectFields(def[key], into, seen);
  }
  if (typeof def.getter === 'function') collectFields((def.getter as () => unknown)(), into, seen);
  for (const key of ['options', 'items']) if (Array.isArray(def[key])) for (const option of def[key]) collectFields(option, into, seen);
}

const fields = new Set<string>();
const seen = new Set<unknown>();
for (const exported of [...Object.values(contract), offerRulesInput]) collectFields(exported, fields, seen);

describe('field labels', () => {
  it('finds the contract fields (the walk reaches nested and wrapped objects)', () => {
    for (const name of ['email', 'endDate', 'startDate', 'discountPercent', 'weekdays', 'excludedDates', 'purchaseAmountCents']) {
      expect(fields, name).toContain(name);
    }
  });

  it.each([...fields].sort())('labels %j in words', (name) => {
    const label = FIELD_LABELS[name];
    expect(label, `no label for the contract field ${name}`).toBeTruthy();
    // Lower-case words as they read mid-sentence (capitals only in acronyms such as ID, PIN, API), never code.
    expect(label).not.toMatch(/[a-z][A-Z]|_|\.|^[A-Z]/);
    expect(label).not.toBe(name.length > 2 ? name : `${name}!`);
  });

  it('builds a sentence from a path and a message', () => {
    expect(fieldMessage(['endDate'], 'must not be before the start date')).toBe('The end date must not be before the start date');
    expect(fieldMessage(['rules', 'excludedDates', 1], 'must be a date')).toBe('The excluded dates, entry 2 must be a date');
    expect(fieldMessage('q', 'is too long')).toBe('The search is too long');
    expect(fieldLabel([])).toBe('the value');
  });
});
