import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  AllowedMethods,
  type BehaviorOptions,
  type ICachePolicy,
  type IOriginRequestPolicy,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
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
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import { FunctionUrlOrigin, HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IFunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { AUTOCOMPLETE_QUERY_PARAMS, CATALOG_PAGE_QUERY_PARAMS, PART_LIST_QUERY_PARAMS } from '@parts/shared/schemas';
import { API_LIFETIME, SESSION_COOKIE_NAME } from '@parts/shared/http-cache';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { PERMISSIONS_POLICY, contentSecurityPolicy } from '@parts/shared/security-headers';

/** Set by CloudFront from the connection (ip:port); a viewer cannot supply it. */
const VIEWER_ADDRESS_HEADER = 'CloudFront-Viewer-Address';
/**
 * The body's SHA-256 (hex), sent by the browser with every request that has a body (web/src/lib/api-client.ts): the
 * origin access control signs no payload, so Lambda checks the signature against this value and refuses a request
 * without it, or whose body does not match it, before the function runs (ADR 120).
 */
const CONTENT_SHA256_HEADER = 'x-amz-content-sha256';
/** Viewer headers the API reads or may vary on; the body's length always travels with the body. */
const API_VIEWER_HEADERS = ['Accept', 'Accept-Language', 'Content-Type', 'Origin', 'Referer', 'User-Agent', CONTENT_SHA256_HEADER];

/**
 * How long CloudFront keeps a public GET API answer: the API's own Cache-Control (s-maxage and
 * stale-while-revalidate, ADR 134) decides; this default, the same s-maxage, applies only to an answer without one.
 */
export const API_CACHE_TTL = Duration.seconds(API_LIFETIME.sMaxAge);
const API_CACHE_MAX_TTL = Duration.minutes(5);
/** The pages' own Cache-Control (s-maxage, stale-while-revalidate) decides; this only caps it. */
const PAGE_CACHE_MAX_TTL = Duration.days(1);

/**
 * Public GET API paths cached at CloudFront, before /api/* (the first match wins), each keyed on exactly
 * the query strings its route reads. /api/parts/csv-template answers admins only, so it stays uncached.
 * The local page cache keys them the same way from shared/src/cache-keys.ts (API_CACHE_KEYS; infra/test/pages.test.ts
 * checks the two agree).
 */
const CACHED_API_PATHS = {
  list: '/api/parts',
  /** The listing's route answers with a trailing slash too. */
  listSlash: '/api/parts/',
  autocomplete: '/api/parts/autocomplete',
  part: '/api/parts/*',
  categories: '/api/categories*',
  manufacturers: '/api/manufacturers*',
} as const;
const UNCACHED_PART_PATHS = ['/api/parts/csv-template'];
/** Quote attachments are downloaded through the site at their own key (`quotes/<id>/<uuid>/<name>`; ADR 110). */
export const ATTACHMENT_DOWNLOAD_PATH = '/quotes/*';

export interface WebProps {
  config: StageConfig;
  /** The built SPA (web/dist) or the placeholder page. */
  siteDir: string;
  /** The API function's URL (AWS_IAM): the origin of /api/*, signed by origin access control (ADR 120). */
  apiUrl: IFunctionUrl;
  /** The page renderer's function URL (AWS_IAM): the pages' origin, signed by origin access control (ADR 105). */
  rendererUrl: IFunctionUrl;
  /** S3 origins the browser sends presigned PUTs to. */
  uploadOrigins: string[];
  /** The attachments bucket's virtual-hosted host (`<bucket>.s3.<region>.amazonaws.com`), the one the API presigns downloads for. */
  attachmentsHost: string;
  /** The WAF web ACL (CLOUDFRONT scope) in front of the distribution. */
  webAclArn: string;
  /** Where CloudFront writes its access logs. */
  accessLogs: IBucket;
  /** The stage's own name and its us-east-1 certificate; without it the distribution answers on its CloudFront name only. */
  domain?: { name: string; certificate: ICertificate };
  /** Renderer paths keyed on the listing query strings (renderer.ts); every other page path is the default behaviour. */
  listingPagePatterns: string[];
}

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

    this.responseHeaders = securityHeadersPolicy(this, config.prefix, props.uploadOrigins);
    const policies = cachePolicies(this, config.prefix);

    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    // The API's origin: its function URL, every request signed with SigV4 by origin access control (ADR 120). Its origin
    // request policies forward an allow list without Host, so the signed Host is the function URL's.
    const apiOrigin = FunctionUrlOrigin.withOriginAccessControl(props.apiUrl);
    // The pages' origin: the renderer's function URL, every request signed with SigV4 by origin access control. The
    // pages send no viewer header (no origin request policy), so the signed Host is the function URL's (ADR 105).
    const pagesOrigin = FunctionUrlOrigin.withOriginAccessControl(props.rendererUrl);

    // Quote attachments (ADR 110): forwarded to the bucket's own endpoint with the presigned query (its policy: cachePolicies).
    const attachmentsOrigin = new HttpOrigin(props.attachmentsHost, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY });

    const apiBehavior = (cachePolicy: ICachePolicy, originRequestPolicy: IOriginRequestPolicy): BehaviorOptions => ({
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy,
      originRequestPolicy,
      responseHeadersPolicy: this.responseHeaders,
      compress: true,
    });
    const pageBehavior = (cachePolicy: ICachePolicy): BehaviorOptions => ({
      origin: pagesOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy,
      responseHeadersPolicy: this.responseHeaders,
      compress: true,
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${config.prefix} storefront and API`,
      // No default root object: "/" is the home page, rendered like every page.
      webAclId: props.webAclArn,
      ...(props.domain ? { domainNames: [props.domain.name], certificate: props.domain.certificate } : {}),
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: config.size === 'large' ? PriceClass.PRICE_CLASS_ALL : PriceClass.PRICE_CLASS_100,
      // Every path that is not /api, /assets or a sitemap goes to the renderer (ADR 080): public pages as HTML,
      // unknown paths its not-found page with 404, client-only routes (/admin, /auth, …) the SPA shell.
      defaultBehavior: pageBehavior(policies.pagesCache),
      additionalBehaviors: {
        '/assets/*': {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: policies.assetsCache,
          responseHeadersPolicy: this.responseHeaders,
          compress: true,
        },
        '/sitemap*': {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: policies.sitemapCache,
          responseHeadersPolicy: this.responseHeaders,
          compress: true,
        },
        [ATTACHMENT_DOWNLOAD_PATH]: {
          origin: attachmentsOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: policies.attachmentRequests,
          responseHeadersPolicy: this.responseHeaders,
          compress: false,
        },
        ...Object.fromEntries(props.listingPagePatterns.map((pattern) => [pattern, pageBehavior(policies.listingPagesCache)])),
        ...Object.fromEntries(UNCACHED_PART_PATHS.map((path) => [path, apiBehavior(CachePolicy.CACHING_DISABLED, policies.apiRequests)])),
        [CACHED_API_PATHS.autocomplete]: apiBehavior(policies.apiAutocompleteCache, policies.cachedApiRequests),
        [CACHED_API_PATHS.list]: apiBehavior(policies.apiListCache, policies.cachedApiRequests),
        [CACHED_API_PATHS.listSlash]: apiBehavior(policies.apiListCache, policies.cachedApiRequests),
        [CACHED_API_PATHS.part]: apiBehavior(policies.apiCatalogueCache, policies.cachedApiRequests),
        [CACHED_API_PATHS.categories]: apiBehavior(policies.apiCatalogueCache, policies.cachedApiRequests),
        [CACHED_API_PATHS.manufacturers]: apiBehavior(policies.apiCatalogueCache, policies.cachedApiRequests),
        '/api/*': apiBehavior(CachePolicy.CACHING_DISABLED, policies.apiRequests),
      },
    });

    deploySite(this, this.bucket, props.siteDir);
  }

  get siteUrl(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }
}

function securityHeadersPolicy(scope: Construct, prefix: string, uploadOrigins: string[]): ResponseHeadersPolicy {
  return new ResponseHeadersPolicy(scope, 'SecurityHeaders', {
    responseHeadersPolicyName: `${prefix}-security-headers`,
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(uploadOrigins), override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
    },
    customHeadersBehavior: {
      customHeaders: [{ header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true }],
    },
  });
}

/** The distribution's cache and origin request policies, one per kind of path. */
function cachePolicies(scope: Construct, prefix: string) {
  const assetsCache = new CachePolicy(scope, 'AssetsCache', {
    cachePolicyName: `${prefix}-hashed-assets`,
    comment: 'Content-hashed files never change: cache a year',
    minTtl: Duration.days(365),
    defaultTtl: Duration.days(365),
    maxTtl: Duration.days(365),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });

  // An allow list because it is the only header behaviour that adds a CloudFront header without the viewer's
  // Host (a forwarded Host would break the origin access control's signature); the login throttle keys on
  // CloudFront-Viewer-Address; x-amz-content-sha256 is the body's hash the signature covers (ADR 120).
  const apiRequests = new OriginRequestPolicy(scope, 'ApiOriginRequests', {
    originRequestPolicyName: `${prefix}-api-origin-requests`,
    comment: 'Cookies, query strings, the viewer headers the API reads and CloudFront-Viewer-Address; never Host',
    cookieBehavior: OriginRequestCookieBehavior.all(),
    queryStringBehavior: OriginRequestQueryStringBehavior.all(),
    headerBehavior: OriginRequestHeaderBehavior.allowList(...API_VIEWER_HEADERS, VIEWER_ADDRESS_HEADER),
  });

  // Pages: anonymous HTML (no cookies, no headers in the key or to the origin), cached as long as the
  // renderer's s-maxage says, served stale while CloudFront refreshes (stale-while-revalidate).
  const pageCachePolicy = (id: string, name: string, comment: string, queryStrings: CacheQueryStringBehavior) =>
    new CachePolicy(scope, id, {
      cachePolicyName: `${prefix}-${name}`,
      comment,
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: PAGE_CACHE_MAX_TTL,
      cookieBehavior: CacheCookieBehavior.none(),
      headerBehavior: CacheHeaderBehavior.none(),
      queryStringBehavior: queryStrings,
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
  const pagesCache = pageCachePolicy(
    'PagesCache',
    'pages',
    'Server-rendered pages: the origin Cache-Control decides; no query strings',
    CacheQueryStringBehavior.none(),
  );
  const listingPagesCache = pageCachePolicy(
    'ListingPagesCache',
    'listing-pages',
    'Catalogue pages: the origin Cache-Control decides; keyed on the listing filters',
    CacheQueryStringBehavior.allowList(...CATALOG_PAGE_QUERY_PARAMS),
  );

  // Public GET API answers: the same for everyone, kept as long as their Cache-Control says (ADR 134). The session
  // cookie is in the key so a signed-in request never meets a guest's entry: the API answers it `private, no-cache`,
  // which CloudFront does not keep, so an admin sees a change at once. Requests still carry cookies and the API
  // headers, for the admin writes on the same paths; only the key's query strings reach the origin, so an answer
  // always matches its key.
  const apiCachePolicy = (id: string, name: string, comment: string, queryStrings: CacheQueryStringBehavior) =>
    new CachePolicy(scope, id, {
      cachePolicyName: `${prefix}-${name}`,
      comment,
      minTtl: Duration.seconds(0),
      defaultTtl: API_CACHE_TTL,
      maxTtl: API_CACHE_MAX_TTL,
      cookieBehavior: CacheCookieBehavior.allowList(SESSION_COOKIE_NAME),
      headerBehavior: CacheHeaderBehavior.none(),
      queryStringBehavior: queryStrings,
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
  const apiListCache = apiCachePolicy(
    'ApiPartListCache',
    'api-part-list',
    'GET /api/parts: keyed on the query strings the listing reads',
    CacheQueryStringBehavior.allowList(...PART_LIST_QUERY_PARAMS),
  );
  const apiAutocompleteCache = apiCachePolicy(
    'ApiAutocompleteCache',
    'api-autocomplete',
    'GET /api/parts/autocomplete: keyed on q',
    CacheQueryStringBehavior.allowList(...AUTOCOMPLETE_QUERY_PARAMS),
  );
  const apiCatalogueCache = apiCachePolicy(
    'ApiCatalogueCache',
    'api-catalogue',
    'GET of a part, the categories and the manufacturers: no query strings',
    CacheQueryStringBehavior.none(),
  );
  const cachedApiRequests = new OriginRequestPolicy(scope, 'CachedApiOriginRequests', {
    originRequestPolicyName: `${prefix}-cached-api-origin-requests`,
    comment: 'As the API policy, but only the cache key query strings: an answer never depends on a string outside the key',
    cookieBehavior: OriginRequestCookieBehavior.all(),
    queryStringBehavior: OriginRequestQueryStringBehavior.none(),
    headerBehavior: OriginRequestHeaderBehavior.allowList(...API_VIEWER_HEADERS, VIEWER_ADDRESS_HEADER),
  });

  // The sitemaps the scheduled job writes (sitemaps.ts) carry max-age=3600; CloudFront follows it.
  const sitemapCache = new CachePolicy(scope, 'SitemapCache', {
    cachePolicyName: `${prefix}-sitemaps`,
    comment: 'Sitemaps from the site bucket: the object Cache-Control decides',
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.hours(1),
    maxTtl: PAGE_CACHE_MAX_TTL,
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });

  // Quote attachments (ADR 110): /quotes/<id>/<uuid>/<name>?X-Amz-… is the object's path with the API's presigned
  // query. Forwarded, query intact, to the bucket's own endpoint (the Host the presigner signed for; no origin
  // access control: the signature is the authorisation), answered with the security headers (nosniff; the signed
  // response-content-disposition makes it an attachment). Never cached: every link is personal and expires.
  const attachmentRequests = new OriginRequestPolicy(scope, 'AttachmentOriginRequests', {
    originRequestPolicyName: `${prefix}-attachment-downloads`,
    comment: 'Presigned attachment downloads: the signed query string only, no cookies or viewer headers',
    cookieBehavior: OriginRequestCookieBehavior.none(),
    queryStringBehavior: OriginRequestQueryStringBehavior.all(),
    headerBehavior: OriginRequestHeaderBehavior.none(),
  });

  return {
    assetsCache,
    apiRequests,
    pagesCache,
    listingPagesCache,
    apiListCache,
    apiAutocompleteCache,
    apiCatalogueCache,
    cachedApiRequests,
    sitemapCache,
    attachmentRequests,
  };
}

function deploySite(scope: Construct, bucket: Bucket, siteDir: string): void {
  // Hashed bundles first, with a year of browser cache; old ones stay for tabs still running the previous build.
  const assetsDir = join(siteDir, 'assets');
  const assets = existsSync(assetsDir)
    ? new BucketDeployment(scope, 'DeployAssets', {
        sources: [Source.asset(assetsDir)],
        destinationBucket: bucket,
        destinationKeyPrefix: 'assets/',
        cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
        prune: false,
        memoryLimit: 512,
      })
    : undefined;
  const shell = new BucketDeployment(scope, 'DeployShell', {
    sources: [Source.asset(siteDir, { exclude: ['assets', 'assets/**'] })],
    destinationBucket: bucket,
    cacheControl: [CacheControl.noCache()],
    prune: false,
    memoryLimit: 512,
  });
  if (assets) shell.node.addDependency(assets);
}
