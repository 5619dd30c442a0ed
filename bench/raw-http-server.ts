import { createServer } from "node:http";

/** The baseline: Node's http module answering the same healthz body. */
const port = Number(process.env.PORT ?? 0);
createServer((req, res) => {
  if (req.url === "/api/v1/healthz") {
    const body = '{"status":"ok"}';
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
    res.end(body);
    return;
  }
  res.writeHead(404);
  res.end();
}).listen(port, "127.0.0.1", () => process.stdout.write("ready\n"));
