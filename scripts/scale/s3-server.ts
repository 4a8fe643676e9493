// An S3-compatible server for the scale-out test (s3rver, from npm): listens on 127.0.0.1 on a
// free port, keeps its objects under the directory given, creates the bucket, prints its port
// on stdout, then runs until killed. Credentials: S3RVER / S3RVER.
//   node scripts/scale/s3-server.ts DIR BUCKET
import S3rver from "s3rver";

const [dir, bucket] = process.argv.slice(2);
if (!dir || !bucket) {
  console.error("usage: s3-server.ts DIR BUCKET");
  process.exit(2);
}
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory: dir,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const { port } = await server.run();
console.log(port);
for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.once(signal, () => void server.close().then(() => process.exit(0)));
