/** The client's address as set by our server (server/index.ts overwrites any sent value). */
export function clientIp(request: Request): string {
  return request.headers.get("x-academia-client-ip") ?? "local";
}
