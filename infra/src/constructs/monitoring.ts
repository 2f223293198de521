import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { StageConfig } from '../config';

export interface MonitoringProps {
  config: StageConfig;
  httpApi: HttpApi;
  /** Short name (used in alarm names) → function. */
  functions: Record<string, IFunction>;
  deadLetters: IQueue;
  /** Chunks of large imports that failed every delivery (ADR 061). */
  importChunkDeadLetters: IQueue;
  indexer: IFunction;
}

const FIVE_MINUTES = Duration.minutes(5);

/** Alarms to one SNS topic (e-mail from context `alarmEmail`). */
export class Monitoring extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { prefix } = props.config;
    this.topic = new Topic(this, 'Alarms', { topicName: `${prefix}-alarms` });
    if (props.config.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.config.alarmEmail));
    const action = new SnsAction(this.topic);

    const alarm = (name: string, metric: IMetric, threshold: number, description: string) => {
      const a = new Alarm(this, name, {
        alarmName: `${prefix}-${name}`,
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(action);
      return a;
    };

    alarm('api-5xx', props.httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }), 5, 'API answered 5xx at least 5 times in 5 minutes');
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
  }
}
