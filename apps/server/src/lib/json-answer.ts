// Answers written as JSON text by the route itself, for cached answers (lib/view-cache.ts): encoded
// through the same zod schemas as every other answer, so they carry exactly the fields the contract
// allows, then stored and sent as text.
import type { FastifyReply } from 'fastify';
import { type ZodType, z } from 'zod';

/** `value` as JSON after `schema` has checked and shaped it, as the routes' serializer does. */
export const encodeJson = <S extends ZodType>(schema: S, value: z.output<S>): string =>
  JSON.stringify(z.encode(schema, value));

/** The JSON object `objectJson` with `fields` added at its end. */
export function withFields(objectJson: string, fields: Record<string, string | number | boolean | null>) {
  // Member by member: this runs for every item of every cached list page.
  let added = '';
  for (const name in fields) added += `,${JSON.stringify(name)}:${JSON.stringify(fields[name])}`;
  if (added === '') return objectJson;
  return objectJson === '{}' ? `{${added.slice(1)}}` : `${objectJson.slice(0, -1)}${added}}`;
}

/** A JSON object from its members' JSON texts, in the order given. */
export const jsonObject = (members: Record<string, string>) =>
  `{${Object.entries(members)
    .map(([name, json]) => `${JSON.stringify(name)}:${json}`)
    .join(',')}}`;

/** Sends JSON text as it is: Fastify serialises only what is not already a string. */
export const sendJson = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);
