// A bare node:http server that answers every request with the same bytes (the bench's ceiling for one response):
// node bench/bare-server.mjs BODY_FILE CONTENT_TYPE  → prints "bare server listening on http://127.0.0.1:PORT".
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const [file, contentType = 'application/json'] = process.argv.slice(2);
const body = readFileSync(file);
const headers = { 'Content-Type': contentType, 'Content-Length': body.length };
const server = createServer((req, res) => {
  req.resume();
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`bare server listening on http://127.0.0.1:${server.address().port}\n`);
});
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
