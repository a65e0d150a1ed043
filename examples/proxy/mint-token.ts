// Mints a client token for the proxy: AUTH_SECRET=... node examples/proxy/mint-token.ts <user-id> [ttl-seconds]
// In production your backend does the same with `mintClientToken` after it has signed the user in.
import { mintClientToken } from '../../packages/proxy/src/auth/client-token.ts';

const [sub, ttl] = process.argv.slice(2);
const secret = process.env.AUTH_SECRET;
if (!secret || !sub) {
  console.error(
    'Usage: AUTH_SECRET=<the proxy secret> node examples/proxy/mint-token.ts <user-id> [ttl-seconds]',
  );
  process.exit(2);
}
console.log(await mintClientToken({ secret, sub, ttlSeconds: ttl === undefined ? 900 : Number(ttl) }));
