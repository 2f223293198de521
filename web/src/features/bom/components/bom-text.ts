import type { MatchConfidence } from '@parts/shared/bom';
import type { BadgeVariant } from '../../../components/ui/badge';

export const CONFIDENCE_VARIANT: Record<MatchConfidence, BadgeVariant> = { exact: 'green', likely: 'blue', choose: 'yellow', none: 'red' };
export const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
