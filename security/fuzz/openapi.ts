/** The parts of a service's OpenAPI document (from `app.swagger()`) the fuzz test walks. */

export type JsonSchema = Record<string, unknown> & {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** As OpenAPI writes it: `/api/job/{id}`. */
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  /** Declared JSON response schema per status ('200', '404'...). */
  responses: Record<string, JsonSchema | undefined>;
  /** Declared file answers (not JSON) per status: their content types (`text/csv`, `application/pdf`). */
  files: Record<string, string[]>;
  /** Declares a bearer token. */
  secured: boolean;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: unknown[];
}

/** Every operation of the document, in its order. */
export function operationsOf(doc: unknown): Operation[] {
  const paths = (doc as { paths?: Record<string, Record<string, OpenApiOperation>> }).paths ?? {};
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const responses: Operation['responses'] = {};
      const files: Operation['files'] = {};
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        responses[status] = response.content?.['application/json']?.schema;
        const types = Object.keys(response.content ?? {}).filter((t) => t !== 'application/json');
        if (types.length > 0) files[status] = types;
      }
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
        responses,
        files,
        secured: (op.security?.length ?? 0) > 0,
      });
    }
  }
  return operations;
}
