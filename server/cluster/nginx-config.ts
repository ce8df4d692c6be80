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
