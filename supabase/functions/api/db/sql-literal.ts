// SQL text with its values written in as literals, for statements that must leave in the same
// round trip as others (decision 130). postgres.js, with `prepare: false` (the transaction
// pooler), first asks the server to describe every statement that has bind parameters: one more
// round trip each, which also stops it from sending the next statement before the answer. A
// statement without parameters goes as one simple-protocol message and several of them leave in
// one write.

/**
 * One value as an SQL literal of unknown type, like an untyped bind parameter: `E'...'` (escapes
 * interpreted the same whatever standard_conforming_strings says), `null`, or a number or boolean
 * in quotes. Anything else (objects, arrays, dates, bytes) is refused: pass those as parameters.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('sqlLiteral: a number must be finite');
    return `'${value}'`;
  }
  if (typeof value === 'boolean') return value ? `'true'` : `'false'`;
  if (typeof value !== 'string') throw new TypeError(`sqlLiteral: cannot write a ${typeof value} as a literal`);
  if (value.includes('\0')) throw new TypeError('sqlLiteral: text cannot hold NUL');
  return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * `text` with $1..$n replaced by the literals of `params`. Only for statements whose text holds no
 * other `$<digits>` (no dollar-quoted bodies): the statements of this API's pipelined requests.
 */
export function inlineParams(text: string, params: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (whole, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= params.length) throw new RangeError(`inlineParams: no value for ${whole}`);
    return sqlLiteral(params[index]);
  });
}
