import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Domain } from 'aws-cdk-lib/aws-opensearchservice';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { StageConfig } from '../config';

export interface MonitoringProps {
  config: StageConfig;
  /** The API function: its function URL's 5xx answers (ADR 120). */
  api: IFunction;
  /** Short name (used in alarm names) → function. */
  functions: Record<string, IFunction>;
  deadLetters: IQueue;
  /** Chunks of large imports that failed every delivery (ADR 061). */
  importChunkDeadLetters: IQueue;
  indexer: IFunction;
  search: Domain;
  /** Mails the mailer gave up on (metric of mail.ts). */
  mailsGivenUp: IMetric;
}

const FIVE_MINUTES = Duration.minutes(5);
const FIVE_MINUTES_MAX = { period: FIVE_MINUTES, statistic: 'Maximum' };

/** Alarms to one SNS topic (e-mail from context `alarmEmail`). */
export class Monitoring extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { prefix } = props.config;
    this.topic = new Topic(this, 'Alarms', { topicName: `${prefix}-alarms`, enforceSSL: true });
    if (props.config.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.config.alarmEmail));
    const action = new SnsAction(this.topic);

    const alarm = (name: string, metric: IMetric, threshold: number, description: string, below = false) => {
      const a = new Alarm(this, name, {
        alarmName: `${prefix}-${name}`,
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: below ? ComparisonOperator.LESS_THAN_OR_EQUAL_TO_THRESHOLD : ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(action);
      return a;
    };

    // Url5xxCount: 5xx answers of the function URL (the function's own and Lambda's: throttled, timed out, failed).
    alarm('api-5xx', props.api.metric('Url5xxCount', { period: FIVE_MINUTES, statistic: 'Sum' }), 5, 'API answered 5xx at least 5 times in 5 minutes');
    for (const [name, fn] of Object.entries(props.functions)) {
      alarm(`${name}-errors`, fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), 1, `Lambda ${name} failed`);
      alarm(`${name}-throttles`, fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }), 1, `Lambda ${name} was throttled`);
    }
    alarm(
      'indexer-dlq-depth',
      props.deadLetters.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
      1,
      'Stream records the indexer gave up on: inspect, then reindex',
    );
    alarm(
      'import-chunks-dlq-depth',
      props.importChunkDeadLetters.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
      1,
      'Import chunks that failed every delivery: the job is handed out again by the stall check, then fails; read the import-chunk logs',
    );
    alarm(
      'indexer-iterator-age',
      props.indexer.metric('IteratorAge', { period: FIVE_MINUTES, statistic: 'Maximum' }),
      60_000,
      'Search index lags the table by more than a minute',
    );
    const search = props.search;
    const oneMinute = { period: Duration.minutes(1), statistic: 'Maximum' };
    alarm('search-red', search.metricClusterStatusRed(oneMinute), 1, 'A primary shard is unassigned: searches fail or miss parts');
    alarm('search-yellow', search.metricClusterStatusYellow(FIVE_MINUTES_MAX), 1, 'A replica shard is unassigned (a node is gone)');
    // FreeStorageSpace is in MiB, per node (minimum over nodes): below a quarter of one node's volume.
    alarm(
      'search-free-storage',
      search.metricFreeStorageSpace({ period: FIVE_MINUTES, statistic: 'Minimum' }),
      Math.floor((props.config.sizes.searchVolumeGb * 1024) / 4),
      'A search node has under 25 % of its disk free: writes stop at the flood stage',
      true,
    );
    alarm('search-jvm-pressure', search.metricJVMMemoryPressure(FIVE_MINUTES_MAX), 85, 'Search JVM memory pressure ≥ 85 %: expect rejected requests');
    // AWS Budgets: actual spend past 80 % and forecast past 100 % of the stage's monthly budget, to the same topic.
    this.topic.addToResourcePolicy(
      new PolicyStatement({ actions: ['sns:Publish'], principals: [new ServicePrincipal('budgets.amazonaws.com')], resources: [this.topic.topicArn] }),
    );
    const notify = (notificationType: 'ACTUAL' | 'FORECASTED', threshold: number): CfnBudget.NotificationWithSubscribersProperty => ({
      notification: { notificationType, comparisonOperator: 'GREATER_THAN', threshold, thresholdType: 'PERCENTAGE' },
      subscribers: [{ subscriptionType: 'SNS', address: this.topic.topicArn }],
    });
    new CfnBudget(this, 'Budget', {
      budget: {
        budgetName: `${prefix}-monthly`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.config.monthlyBudgetUsd, unit: 'USD' },
        costFilters: { TagKeyValue: [`user:stage$${props.config.stage}`] },
      },
      notificationsWithSubscribers: [notify('ACTUAL', 80), notify('FORECASTED', 100)],
    });
    alarm('mail-given-up', props.mailsGivenUp, 1, 'The mailer gave up on a mail after its retries: read the mailer logs (mail.given_up)');
  }
}
