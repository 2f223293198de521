import type { Env } from '../../../config/env';
import type { WebhookSecrets } from '../ports/webhooks';

/** A secret shorter than this is treated as missing: a guessable key would let anyone sign deliveries. */
const MIN_SECRET_LENGTH = 16;
/** On AWS the secret is read again after this long, so a rotated secret is used without a deploy. */
const CACHE_MS = 5 * 60_000;

function parseSecrets(json: string | undefined, where: string): Map<string, string> {
  if (!json) return new Map();
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error(`${where} is not a JSON object of webhook secrets ({"name":"secret"})`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${where} is not a JSON object of webhook secrets ({"name":"secret"})`);
  return new Map(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].length >= MIN_SECRET_LENGTH));
}

/**
 * The webhook signing secrets (ADR 123): WEBHOOK_SECRETS (.env, locally and in tests), else the Secrets
 * Manager secret WEBHOOK_SECRETS_ARN (AWS), whose SecretString is the same JSON object; neither: none.
 */
export function createWebhookSecrets(env: Pick<Env, 'WEBHOOK_SECRETS' | 'WEBHOOK_SECRETS_ARN' | 'AWS_REGION'>): WebhookSecrets {
  if (env.WEBHOOK_SECRETS || !env.WEBHOOK_SECRETS_ARN) {
    const secrets = parseSecrets(env.WEBHOOK_SECRETS, 'WEBHOOK_SECRETS');
    return { get: async (name) => secrets.get(name) };
  }
  const arn = env.WEBHOOK_SECRETS_ARN;
  let cached: { at: number; secrets: Promise<Map<string, string>> } | undefined;
  const load = async () => {
    // Loaded with the first delivery or endpoint change, not at a cold start (ADR 082).
    const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
    const res = await new SecretsManagerClient({ region: env.AWS_REGION }).send(new GetSecretValueCommand({ SecretId: arn }));
    return parseSecrets(res.SecretString, 'The webhook secrets in Secrets Manager');
  };
  return {
    async get(name) {
      if (!cached || Date.now() - cached.at > CACHE_MS) {
        const secrets = load();
        cached = { at: Date.now(), secrets };
        secrets.catch(() => (cached = undefined));
      }
      return (await cached.secrets).get(name);
    },
  };
}
