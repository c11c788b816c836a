// The cluster's S3-compatible store: s3rver in a process of its own. s3rver lets a client that goes
// away in the middle of an upload (a replica killed with -9) throw out of its file store and end the
// process; a real store survives that, so this one logs such errors and goes on serving.
// node s3Store.cjs <directory> <port> <bucket>
const S3rver = require('s3rver');

const [directory, port, bucket] = process.argv.slice(2);
process.on('uncaughtException', (error) => console.error('s3rver error (kept serving):', error));
process.on('unhandledRejection', (error) => console.error('s3rver rejection (kept serving):', error));
new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
})
  .run()
  .then(() => console.log('listening'));
