/**
 * The nginx configuration of the local cluster (issue 28): round robin over the replicas, passive
 * health checks (`max_fails`/`fail_timeout`), and retries of idempotent requests on the next replica
 * when one dies mid-answer. nginx never retries a POST/PUT/DELETE by itself (`non_idempotent` is not
 * set), so an owner's write is acknowledged by exactly one replica or reported as failed.
 */
export interface NginxConfOptions {
  /** nginx's own working directory (pid, temp files, logs). */
  prefix: string;
  port: number;
  replicaPorts: readonly number[];
}

export const nginxConf = ({ prefix, port, replicaPorts }: NginxConfOptions): string => `
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
daemon off;

events { worker_connections 1024; }

http {
  access_log ${prefix}/access.log;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;

  upstream candy_jar {
${replicaPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }

  server {
    listen 127.0.0.1:${port};
    client_max_body_size 2g;
    proxy_request_buffering off;

    location / {
      proxy_pass http://candy_jar;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503 http_504;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
    }
  }
}
`;
