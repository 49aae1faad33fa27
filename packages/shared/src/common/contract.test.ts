import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract, type EndpointAnswer, type EndpointInput } from './contract';
import { defineEndpoints, pathOf } from './endpoints';

const ADDRESSES = defineEndpoints({
  getNote: { method: 'GET', path: '/cases/:caseId/notes/:noteId' },
  listNotes: { method: 'GET', path: '/notes' },
});

describe('an endpoint address', () => {
  it('fills each path parameter, encoded as one segment', () => {
    expect(pathOf(ADDRESSES.getNote, { caseId: 'a/b c', noteId: 7 })).toBe(
      '/cases/a%2Fb%20c/notes/7',
    );
    expect(pathOf(ADDRESSES.listNotes)).toBe('/notes');
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => pathOf(ADDRESSES.getNote, { caseId: 'x' } as never)).toThrow(
      '/cases/:caseId/notes/:noteId: no value for :noteId',
    );
    // @ts-expect-error a path with parameters needs them
    expect(() => pathOf(ADDRESSES.getNote)).toThrow();
  });
});

describe('a contract', () => {
  const params = z.object({ caseId: z.string(), noteId: z.coerce.number() });
  const contract = defineContract(ADDRESSES, {
    getNote: { summary: 'One note', params, response: z.object({ text: z.string() }) },
    listNotes: {
      summary: 'Notes',
      query: z.object({ page: z.coerce.number().default(1) }),
      response: z.array(z.string()),
    },
  });

  it('joins each address to its shape', () => {
    expect(contract.getNote.method).toBe('GET');
    expect(contract.getNote.path).toBe('/cases/:caseId/notes/:noteId');
    expect(contract.getNote.params).toBe(params);
  });

  it('types what a request sends and what it reads back', () => {
    const input: EndpointInput<typeof contract.getNote> = { params: { caseId: 'c', noteId: 2 } };
    const answer: EndpointAnswer<typeof contract.getNote> = { text: 'Filed at Milimani' };
    // @ts-expect-error the answer's fields are the schema's
    const wrong: EndpointAnswer<typeof contract.getNote> = { body: 'x' };
    expect([input, answer, wrong]).toHaveLength(3);
  });

  it('does not compile with a shape missing, an extra one, or path parameters without a schema', () => {
    // @ts-expect-error listNotes has no shape
    defineContract(ADDRESSES, { getNote: { summary: 'x', params, response: z.string() } });
    defineContract(ADDRESSES, {
      getNote: { summary: 'x', params, response: z.string() },
      listNotes: { summary: 'x', response: z.string() },
      // @ts-expect-error no such address
      removeNote: { summary: 'x', response: z.string() },
    });
    defineContract(ADDRESSES, {
      // @ts-expect-error :caseId and :noteId need a params schema
      getNote: { summary: 'x', response: z.string() },
      listNotes: { summary: 'x', response: z.string() },
    });
  });
});
