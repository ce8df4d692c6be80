// The load balancer in front of the edges: plain HTTP and WebSocket upgrades (the push channel) spread over
// the edges, with passive health checks (open-source nginx has no active ones): an edge that refuses
// connections, or answers 503 while it catches up with the fact stream, is skipped and the request retried on
// the next. deploy/nginx.conf is this output for two edges; `npm run cluster` and the tests write their own.

export interface NginxConfigOptions {
  /** Address nginx listens on, e.g. 127.0.0.1:3000. */
  readonly listen: string;
  /** Edge addresses, e.g. 127.0.0.1:3101. */
  readonly edges: readonly string[];
  /** Where nginx keeps its pid, logs and temp files (a fresh dir per run); absent: the system's. */
  readonly runDir?: string;
  /** The push channel's path (S7-23). */
  readonly pushPath?: string;
}

/** How long an edge that failed is left out before nginx tries it again. */
const FAIL_TIMEOUT_S = 3;
/**
 * The account API's cap per visitor address, for the whole cluster: each edge's own cap (DEFAULT_REQUEST_LIMIT,
 * 300 a minute) counts only what reaches that edge, so N edges would allow N times as much.
 */
const ACCOUNT_REQUESTS_PER_MINUTE = 300;
const ACCOUNT_BURST = 60;

export function nginxConfig(options: NginxConfigOptions): string {
  const run = options.runDir;
  const pushPath = options.pushPath ?? '/push';
  const servers = options.edges.map((edge) => `    server ${edge} max_fails=1 fail_timeout=${FAIL_TIMEOUT_S}s;`);
  const runLines = run
    ? ['daemon off;', `pid ${run}/nginx.pid;`, `error_log ${run}/error.log warn;`]
    : ['error_log /var/log/nginx/error.log warn;'];
  const temps = run
    ? ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${run}/${kind};`)
    : [];
  return `${[
    '# Load balancer for the edges of a clustered world (see docs/deploy.md).',
    'worker_processes auto;',
    ...runLines,
    'events { worker_connections 16384; }',
    'http {',
    '  access_log off;',
    ...temps,
    '  map $http_upgrade $connection_upgrade { default upgrade; "" close; }',
    `  limit_req_zone $binary_remote_addr zone=accounts:10m rate=${ACCOUNT_REQUESTS_PER_MINUTE}r/m;`,
    '  limit_req_status 429;',
    '  upstream edges {',
    ...servers,
    '    keepalive 64;',
    '  }',
    '  server {',
    `    listen ${options.listen};`,
    '    proxy_http_version 1.1;',
    '    proxy_set_header Host $host;',
    '    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '    proxy_set_header X-Forwarded-Proto $scheme;',
    '    proxy_connect_timeout 2s;',
    '    # The edges compress; nginx passes their bytes on as they are.',
    '    location / {',
    '      proxy_pass http://edges;',
    '      proxy_set_header Connection "";',
    '      # A dead edge, or one still catching up (503), is skipped; a request that may have changed state',
    '      # (POST) is never sent twice.',
    '      proxy_next_upstream error timeout http_502 http_503;',
    '      proxy_next_upstream_tries 3;',
    '    }',
    '    # The account API, capped per visitor address across every edge.',
    '    location ~ ^/(v3|v4|v5)/ {',
    `      limit_req zone=accounts burst=${ACCOUNT_BURST} nodelay;`,
    '      proxy_pass http://edges;',
    '      proxy_set_header Connection "";',
    '      proxy_next_upstream error timeout http_502 http_503;',
    '    }',
    `    location = ${pushPath} {`,
    '      proxy_pass http://edges;',
    '      proxy_set_header Upgrade $http_upgrade;',
    '      proxy_set_header Connection $connection_upgrade;',
    '      proxy_next_upstream error timeout;',
    '      proxy_read_timeout 1h;',
    '      proxy_send_timeout 1h;',
    '    }',
    '    location = /nginx-health { access_log off; return 200 "ok\\n"; }',
    '  }',
    '}',
  ].join('\n')}\n`;
}
