import { CfnOutput, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import { Certificate, CertificateValidation } from 'aws-cdk-lib/aws-certificatemanager';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { Construct } from 'constructs';
import type { StageConfig } from './config';
import { WebFirewall } from './constructs/web-firewall';

/** CloudFront reads its WAF web ACL and its certificate from us-east-1 only, wherever the data lives. */
const EDGE_REGION = 'us-east-1';

export interface EdgeStackProps extends StackProps {
  config: StageConfig;
}

/**
 * The small us-east-1 stack of a stage (ADR 103): the CLOUDFRONT-scope WAF web ACL and, for a stage with a
 * domain, its ACM certificate (DNS validation: the deploy waits until the CNAME ACM asks for is published).
 * The data stack reads both through CDK's cross-region references (SSM parameters written by this stack).
 */
export class EdgeStack extends Stack {
  readonly firewall: WebFirewall;
  readonly certificate?: ICertificate;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, { ...props, env: { account: props.config.account, region: EDGE_REGION }, crossRegionReferences: true });
    const { config } = props;
    this.firewall = new WebFirewall(this, 'Firewall', { config });
    if (config.domainName) {
      this.certificate = new Certificate(this, 'Certificate', {
        domainName: config.domainName,
        certificateName: `${config.prefix}-site`,
        validation: CertificateValidation.fromDns(),
      });
      new CfnOutput(this, 'CertificateArn', {
        value: this.certificate.certificateArn,
        description: 'Publish the validation CNAME: aws acm describe-certificate --region us-east-1 --certificate-arn <this>',
      });
    }
  }
}
