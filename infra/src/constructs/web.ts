import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, Fn, RemovalPolicy } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { ORIGIN_VERIFY_HEADER } from './edge-security';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { SPA_REWRITE_CODE } from './spa-rewrite';
import { PERMISSIONS_POLICY, contentSecurityPolicy } from '@parts/shared/security-headers';

/** Set by CloudFront from the connection (ip:port); a viewer cannot supply it. */
export const VIEWER_ADDRESS_HEADER = 'CloudFront-Viewer-Address';
/** Viewer headers the API reads or may vary on; the body's length always travels with the body. */
export const API_VIEWER_HEADERS = ['Accept', 'Accept-Language', 'Content-Type', 'Origin', 'Referer', 'User-Agent'];

export interface WebProps {
  config: StageConfig;
  /** The built SPA (web/dist) or the placeholder page. */
  siteDir: string;
  api: HttpApi;
  /** S3 origins the browser sends presigned PUTs to. */
  uploadOrigins: string[];
  /** Sent to the API as X-Origin-Verify on every request (edge-security.ts). */
  originVerify: ISecret;
  /** The WAF web ACL (CLOUDFRONT scope) in front of the distribution. */
  webAclArn: string;
  /** Where CloudFront writes its access logs. */
  accessLogs: IBucket;
}

/** Shared with the local server, so `npm start` sends the same headers (docs/security.md). */
export { contentSecurityPolicy } from '@parts/shared/security-headers';

export class Web extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly responseHeaders: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { config } = props;
    this.bucket = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Build output only: rebuilt from the repository at any time.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    this.responseHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: `${config.prefix}-security-headers`,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(props.uploadOrigins), override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true }],
      },
    });

    const rewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      functionName: `${config.prefix}-spa-rewrite`,
      comment: 'Serves /index.html for client routes',
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
      runtime: FunctionRuntime.JS_2_0,
    });

    const assetsCache = new CachePolicy(this, 'AssetsCache', {
      cachePolicyName: `${config.prefix}-hashed-assets`,
      comment: 'Content-hashed files never change: cache a year',
      minTtl: Duration.days(365),
      defaultTtl: Duration.days(365),
      maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    // An allow list because it is the only header behaviour that adds a CloudFront header without the viewer's
    // Host (API Gateway answers 403 to a foreign Host); the login throttle keys on CloudFront-Viewer-Address.
    const apiRequests = new OriginRequestPolicy(this, 'ApiOriginRequests', {
      originRequestPolicyName: `${config.prefix}-api-origin-requests`,
      comment: 'Cookies, query strings, the viewer headers the API reads and CloudFront-Viewer-Address; never Host',
      cookieBehavior: OriginRequestCookieBehavior.all(),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      headerBehavior: OriginRequestHeaderBehavior.allowList(...API_VIEWER_HEADERS, VIEWER_ADDRESS_HEADER),
    });

    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    // apiEndpoint is https://<id>.execute-api.<region>.amazonaws.com; the origin wants the host alone.
    const apiHost = Fn.select(2, Fn.split('/', props.api.apiEndpoint));

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${config.prefix} storefront and API`,
      defaultRootObject: 'index.html',
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: config.size === 'large' ? PriceClass.PRICE_CLASS_ALL : PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        // index.html must never be stale: it names the current hashed bundles.
        cachePolicy: CachePolicy.CACHING_DISABLED,
        responseHeadersPolicy: this.responseHeaders,
        functionAssociations: [{ function: rewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: {
        '/assets/*': {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: assetsCache,
          responseHeadersPolicy: this.responseHeaders,
          compress: true,
        },
        '/api/*': {
          origin: new HttpOrigin(apiHost, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerify.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: apiRequests,
          responseHeadersPolicy: this.responseHeaders,
          compress: true,
        },
      },
    });

    // Hashed bundles first, with a year of browser cache; old ones stay for tabs still running the previous build.
    const assetsDir = join(props.siteDir, 'assets');
    const assets = existsSync(assetsDir)
      ? new BucketDeployment(this, 'DeployAssets', {
          sources: [Source.asset(assetsDir)],
          destinationBucket: this.bucket,
          destinationKeyPrefix: 'assets/',
          cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
          prune: false,
          memoryLimit: 512,
        })
      : undefined;
    const shell = new BucketDeployment(this, 'DeployShell', {
      sources: [Source.asset(props.siteDir, { exclude: ['assets', 'assets/**'] })],
      destinationBucket: this.bucket,
      cacheControl: [CacheControl.noCache()],
      prune: false,
      memoryLimit: 512,
    });
    if (assets) shell.node.addDependency(assets);
  }

  get siteUrl(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }
}
