/**
 * JSON as the repository's formatter (Prettier) leaves it: an object or array on one line where it fits
 * in `width` columns, else one member a line. Descriptors written by `npm run new-module` stay tidy.
 */
export function formatJson(value: unknown, width = 110): string {
  return `${render(value, '', width)}\n`;
}

function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (!entries.length) return '{}';
    return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

function render(value: unknown, indent: string, width: number, used = 0, inArray = false): string {
  const flat = inline(value);
  const isObject = value !== null && typeof value === 'object';
  // Arrays and their small members on one line where they fit; an object's object spread over lines.
  const keepsFlat = inArray || Array.isArray(value) || !isObject || Object.keys(value).length === 0;
  if (keepsFlat && indent.length + used + flat.length <= width) return flat;
  if (!isObject) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value))
    return `[\n${value.map((v) => `${inner}${render(v, inner, width, 0, true)}`).join(',\n')}\n${indent}]`;
  const members = Object.entries(value as Record<string, unknown>).map(([k, v]) => {
    const key = `${JSON.stringify(k)}: `;
    return `${inner}${key}${render(v, inner, width, key.length)}`;
  });
  return `{\n${members.join(',\n')}\n${indent}}`;
}
