import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { forwardedValue } from './client-ip.ts';
import { forbidden } from './http-error.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF guard: a state-changing call must come from our own origin (or an allowed one). Browsers
 * always send Origin on cross-site POST/PUT/PATCH/DELETE; calls without it (curl, webhooks) carry
 * no ambient cookie risk beyond SameSite=Lax.
 */
export function originGuard(exempt: (path: string) => boolean = () => false): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (safeMethods.has(c.req.method) || exempt(c.req.path)) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    if (fetchSite === 'cross-site' && !origin) throw forbidden('Cross-site request refused');
    if (origin) {
      const own = new URL(c.req.url).origin;
      const hops = c.var.deps.config.trustedProxyHops;
      // Forwarded host and protocol only from our own proxies (TRUSTED_PROXY_HOPS; decision 176).
      const forwardedHost = forwardedValue(c.req.header('x-forwarded-host'), hops);
      const allowed = new Set([own, ...c.var.deps.config.allowedOrigins]);
      if (forwardedHost) allowed.add(`${forwardedValue(c.req.header('x-forwarded-proto'), hops) ?? 'https'}://${forwardedHost}`);
      if (!allowed.has(origin)) throw forbidden('Cross-site request refused');
    }
    return next();
  };
}
