/** How far `zone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetMs(at: Date, zone: string): number {
  const part = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** `2026-03-07T10:00` on the organisation's clock, as the instant it is (the browser may be elsewhere). */
export function instantIn(local: string, zone: string): string {
  const wall = Date.parse(`${local}:00Z`);
  const first = wall - offsetMs(new Date(wall), zone);
  return new Date(wall - offsetMs(new Date(first), zone)).toISOString();
}
