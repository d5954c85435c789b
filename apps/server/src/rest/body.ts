/** A REST body as a record of fields: anything that is not a JSON object reads as no fields. */
export function bodyFields(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}
