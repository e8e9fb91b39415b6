// Answers composed as JSON text (lib/json-answer.ts, lib/paging.ts): the same JSON as serialising
// the whole object, whatever the members hold.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encodeJson, jsonObject, withFields } from '../src/lib/json-answer.ts';
import { listAnswer, listAnswerJson } from '../src/lib/paging.ts';

describe('JSON composed from parts', () => {
  it('adds fields to an object, empty or not, with any text in them', () => {
    expect(JSON.parse(withFields('{}', { a: true }))).toEqual({ a: true });
    expect(withFields('{"x":1}', {})).toBe('{"x":1}');
    const tricky = { 'quote"d': 'line\nbreak "and" \\ slash', n: 4.5, none: null, no: false };
    expect(JSON.parse(withFields('{"x":[1,{"y":"}"}]}', tricky))).toEqual({ x: [1, { y: '}' }], ...tricky });
  });

  it('builds an object from members already encoded', () => {
    expect(JSON.parse(jsonObject({ stats: '{"a":1}', 'odd"name': '[1,2]' }))).toEqual({
      stats: { a: 1 },
      'odd"name': [1, 2],
    });
  });

  it('writes a list answer as listAnswer would', () => {
    const query = { page: 2, page_size: 2 };
    const items = [{ id: 3 }, { id: 4 }];
    expect(
      JSON.parse(
        listAnswerJson(
          items.map((i) => JSON.stringify(i)),
          5,
          query,
        ),
      ),
    ).toEqual(listAnswer(items, 5, query));
    expect(JSON.parse(listAnswerJson([], 0, { page: 1, page_size: 10 }))).toEqual(
      listAnswer([], 0, { page: 1, page_size: 10 }),
    );
  });

  it('encodes through the schema: unknown fields dropped, a wrong value refused', () => {
    const schema = z.object({ id: z.number() });
    expect(encodeJson(schema, { id: 1, secret: 'x' } as { id: number })).toBe('{"id":1}');
    expect(() => encodeJson(schema, { id: 'one' } as unknown as { id: number })).toThrow();
  });
});
