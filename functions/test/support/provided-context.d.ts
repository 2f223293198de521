// The integration global setup (test/support/global-setup.ts) provides these; declared here so functions/ type-checks inject().
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    s3Endpoint: string;
  }
}
