// vite.service-worker.ts: the compiled service worker (sw.ts), one classic script as a string.
declare module "virtual:service-worker" {
  const script: string;
  export default script;
}
