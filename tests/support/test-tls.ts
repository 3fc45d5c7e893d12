// A throwaway certificate authority and a server certificate it signed (openssl), for HTTPS doubles that
// a real client must trust: Deno trusts the CA through DENO_CERT.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificate {
  key: string;
  cert: string;
  /** The CA's PEM file (for DENO_CERT). */
  certFile: string;
}

export function makeCertificate(hostname = 'localhost'): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'paylocal-tls-'));
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => {
    const run = spawnSync('openssl', args, { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`openssl ${args[0]}: ${run.stderr}`);
  };
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-days', '1', '-subj', '/CN=Pay Local test CA', '-keyout', at('ca.key'), '-out', at('ca.pem'));
  openssl('req', ...ec, '-subj', `/CN=${hostname}`, '-keyout', at('key.pem'), '-out', at('leaf.csr'));
  writeFileSync(at('leaf.ext'), `subjectAltName=DNS:${hostname}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`);
  openssl('x509', '-req', '-in', at('leaf.csr'), '-CA', at('ca.pem'), '-CAkey', at('ca.key'), '-CAcreateserial', '-days', '1',
    '-extfile', at('leaf.ext'), '-out', at('cert.pem'));
  return { key: readFileSync(at('key.pem'), 'utf8'), cert: readFileSync(at('cert.pem'), 'utf8'), certFile: at('ca.pem') };
}
