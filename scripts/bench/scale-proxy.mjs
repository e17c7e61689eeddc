// The load balancer of bench:scale: a tiny round-robin HTTP proxy on
// 127.0.0.1, forked by scale.mjs so it has a process (and, with taskset, a
// core) of its own. node:http, one keep-alive agent per upstream, headers
// forwarded as they came (Accept-Encoding included) less the hop-by-hop ones,
// bodies streamed both ways. Messages from the parent: { upstreams: [urls] }
// sets whom to forward to (answered { ready: true }); { counts: true } is
// answered with { counts: [requests per upstream since the last ask] }.
import http from 'node:http';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);
const forwardable = (headers) => {
  const out = {};
  for (const name in headers) if (!HOP_BY_HOP.has(name)) out[name] = headers[name];
  return out;
};

let upstreams = [];
let next = 0;

function setUpstreams(urls) {
  for (const u of upstreams) u.agent.destroy();
  upstreams = urls.map((url) => {
    const { hostname, port } = new URL(url);
    return { hostname, port: Number(port), agent: new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256 }), count: 0 };
  });
  next = 0;
}

const server = http.createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
  const upstream = upstreams[next];
  next = (next + 1) % upstreams.length;
  upstream.count++;
  const headers = forwardable(req.headers);
  headers['x-forwarded-for'] = req.socket.remoteAddress;
  const outgoing = http.request(
    { hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent: upstream.agent },
    (answer) => {
      res.writeHead(answer.statusCode, forwardable(answer.headers));
      answer.pipe(res);
    },
  );
  outgoing.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
    else res.destroy();
  });
  res.on('close', () => {
    if (!res.writableFinished) outgoing.destroy();
  });
  req.pipe(outgoing);
});

process.on('message', (message) => {
  if (message.upstreams) {
    setUpstreams(message.upstreams);
    process.send({ ready: true });
  } else if (message.counts) {
    process.send({ counts: upstreams.map((u) => u.count) });
    for (const u of upstreams) u.count = 0;
  }
});
process.on('disconnect', () => process.exit(0));

server.listen(Number(process.argv[2]), '127.0.0.1', () => process.send({ listening: true }));
