import { Duration, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import {
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { AppFunction, WORKER_CONCURRENCY } from './app-function';

/** How often the mailer sweeps the outbox: a mail goes out at most this long after its step is stored. */
const MAIL_SWEEP_EVERY = Duration.minutes(1);

export interface MailProps {
  config: StageConfig;
  table: ITable;
  logRetention: RetentionDays;
  /** The webhook signing secrets (ADR 123): the mailer also sends the due webhook deliveries. */
  webhookSecrets: ISecret;
}

/**
 * Amazon SES for the quote loop's mails (docs/quote-loop.md): a domain identity with DKIM, a
 * configuration set, and the mailer Lambda that sends the table's outbox every minute through SES v2,
 * allowed to send only as that identity under that configuration set.
 */
export class Mail extends Construct {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly mailer: AppFunction;
  /** Bounces and complaints SES reports for the stage's mails. */
  readonly feedback: Topic;
  /** Count of `mail.gave_up` log lines: mails the mailer stopped retrying. */
  readonly givenUp: Metric;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    const { config } = props;
    const configurationSetName = `${config.prefix}-mail`;
    // Bounced and complaining addresses go on the account's suppression list for this configuration set:
    // SES drops later sends to them instead of hurting the sender reputation (and the sandbox exit).
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
    });
    this.feedback = new Topic(this, 'Feedback', { topicName: `${config.prefix}-mail-feedback`, enforceSSL: true });
    this.configurationSet.addEventDestination('Feedback', {
      destination: EventDestination.snsTopic(this.feedback),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT, EmailSendingEvent.REJECT],
    });
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: Identity.domain(config.mailDomain),
      configurationSet: this.configurationSet,
    });

    this.mailer = new AppFunction(this, 'Mailer', {
      functionName: `${config.prefix}-mailer`,
      reservedConcurrency: WORKER_CONCURRENCY.mailer,
      entry: 'mail',
      description: 'Sends the due outbox mails through Amazon SES, then the due signed webhook deliveries (ADR 111, ADR 123)',
      memoryMb: 256,
      timeout: Duration.seconds(50),
      logRetention: props.logRetention,
      environment: {
        LOG_LEVEL: 'info',
        MAIL_TRANSPORT: 'ses',
        MAIL_FROM: config.mailFrom,
        SES_CONFIGURATION_SET: configurationSetName,
      },
    })
      .bindTable(props.table, 'readWrite')
      .bindWebhookSecrets(props.webhookSecrets);
    // The environment names the set by its fixed name: send only once it exists.
    this.mailer.fn.node.addDependency(this.configurationSet);
    const { account, region, partition } = Stack.of(this);
    this.mailer.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          `arn:${partition}:ses:${region}:${account}:identity/${config.mailDomain}`,
          `arn:${partition}:ses:${region}:${account}:configuration-set/${configurationSetName}`,
        ],
      }),
    );

    const metric = { metricNamespace: 'PartsCatalogue', metricName: `${config.prefix}-mails-given-up` };
    new MetricFilter(this, 'GivenUp', {
      logGroup: this.mailer.fn.logGroup,
      ...metric,
      filterPattern: FilterPattern.stringValue('$.event', '=', 'mail.gave_up'),
      metricValue: '1',
    });
    this.givenUp = new Metric({ namespace: metric.metricNamespace, metricName: metric.metricName, statistic: 'Sum', period: Duration.minutes(5) });

    new Rule(this, 'Sweep', {
      ruleName: `${config.prefix}-mail-sweep`,
      description: 'Sends the outbox mails and webhook deliveries that are due (new ones and retries)',
      schedule: Schedule.rate(MAIL_SWEEP_EVERY),
      targets: [new LambdaFunction(this.mailer.fn, { event: RuleTargetInput.fromObject({}), retryAttempts: 0 })],
    });
  }
}
