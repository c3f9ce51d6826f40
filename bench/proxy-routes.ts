/** The routing table of the bench's reference proxies: ROUTES (JSON prefix -> service URL), longest prefix first. */
export function routesFromEnv() {
  return Object.entries(JSON.parse(process.env.ROUTES ?? '{}') as Record<string, string>)
    .sort(([a], [b]) => b.length - a.length)
    .map(([prefix, url]) => {
      const { host, hostname, port } = new URL(url);
      return { prefix, url, host, hostname, port: Number(port) };
    });
}
